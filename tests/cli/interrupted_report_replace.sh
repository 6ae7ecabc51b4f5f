#!/usr/bin/env bash
# interrupted_report_replace.sh NORMBOUND OLD.json NEW.json [TRIALS]: replaces a report directory
# rendered from OLD.json by one rendered from NEW.json (`normbound report NEW.json --out DIR`),
# sends SIGTERM or SIGINT 0 to 5 ms after the new report starts being staged, when it is about to be
# put in place,
# and requires after each trial that DIR holds the old report or the new one, whole
# (byte for byte, no staging directory inside), and that no staging directory is left beside it.
set -u
nb=$1 old_results=$2 new_results=$3 trials=${4:-20}
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
"$nb" report "$old_results" --out "$scratch/old" --no-timestamp >/dev/null || exit 1
"$nb" report "$new_results" --out "$scratch/new" --no-timestamp >/dev/null || exit 1
cp -a "$scratch/old" "$scratch/probe"
"$nb" report "$new_results" --out "$scratch/probe" --no-timestamp >/dev/null || exit 1
diff -r "$scratch/new" "$scratch/probe" >/dev/null || { echo "FAIL: an uninterrupted replacement differs from the new report"; exit 1; }
set -m  # a background job keeps the default action of SIGINT
old=0 new=0 failures=0
for trial in $(seq "$trials"); do
  rm -rf "$scratch/out" && cp -a "$scratch/old" "$scratch/out"
  signal=$([ $((trial % 2)) = 0 ] && echo TERM || echo INT)
  "$nb" report "$new_results" --out "$scratch/out" --no-timestamp >/dev/null 2>&1 &
  pid=$!
  # Once the new report is being written into its staging directory (inside the old one, or
  # beside it), it is about to be put in place: the signal falls 0 to 5 ms later.
  for _ in $(seq 20000); do
    compgen -G "$scratch/out/.normbound-staging-*/*" >/dev/null && break
    compgen -G "$scratch/.out.tmp-*/*" >/dev/null && break
    kill -0 "$pid" 2>/dev/null || break
  done
  delay_us=$((RANDOM % 5000))
  [ "$delay_us" -lt 1000 ] || sleep "$(printf '0.%06d' "$delay_us")"
  kill -s "$signal" "$pid" 2>/dev/null
  wait "$pid"
  status=$?
  left=$(cd "$scratch" && find . -maxdepth 2 \( -name '.*tmp-*' -o -name '.normbound-staging-*' \) | tr '\n' ' ')
  if diff -r "$scratch/old" "$scratch/out" >/dev/null; then
    old=$((old + 1)); what=old
  elif diff -r "$scratch/new" "$scratch/out" >/dev/null; then
    new=$((new + 1)); what=new
  else
    failures=$((failures + 1)); what="MIXED: $(diff -rq "$scratch/old" "$scratch/out" | head -3 | tr '\n' ';')"
  fi
  [ -n "$left" ] && { failures=$((failures + 1)); what="$what, left behind: $left"; }
  echo "trial $trial: SIG$signal ${delay_us} us after the staging, exit $status: $what"
done
echo "$trials trials: $old old, $new new, $failures failed"
[ "$failures" = 0 ]
