# Shared by the side-by-side benchmark scripts (sourced, not run): a clock, medians, peak RSS.

# Nanoseconds since the epoch.
now() { date +%s%N; }

# The median of the nanosecond figures on stdin, in milliseconds with two decimals.
median() { sort -n | awk '{a[NR]=$1} END {m=(NR%2)?a[(NR+1)/2]:(a[NR/2]+a[NR/2+1])/2; printf "%.2f", m/1e6}'; }

# Peak RSS in KiB of a command (GNU time if present, else the shell's getrusage via python3).
peak_kib() {
    if [[ -x /usr/bin/time ]]; then
        /usr/bin/time -f %M "$@" 2>&1 >/dev/null | tail -1
    else
        python3 -c 'import resource,subprocess,sys; subprocess.run(sys.argv[1:],stdout=subprocess.DEVNULL,check=True); print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)' "$@"
    fi
}
