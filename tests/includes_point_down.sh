#!/usr/bin/env bash
# includes_point_down.sh ROOT: the program's folders form layers, and an #include may only point to
# the folder itself or to a lower layer: applications -> engine -> kernels -> numbers -> io, so that
# each room can be read, tested and reused without the rooms above it. Folders of one layer are
# siblings and do not include each other; the program never includes tests/ or bench/. Prints each
# offending include as "file:line: folder (layer) includes folder (layer)" and
# "upward includes: N"; exits 1 if there are any. The layers are described in docs/layout.md.
set -u
root=$1

# Folder and layer, lowest first. A file belongs to the longest folder that contains it.
layers='
verify/io 0
verify/distributed 1
verify/numbers 1
verify/kernels 2
verify/engine 3
verify/formula 4
verify/results 4
models 4
theorems 5
reports 5
verify/search 7
verify/reproduce 7
verify/prove 8
verify/cli 9
tests 10
bench 10
'

# The folder of a repository path, from the table (empty when it is in none of them).
folder_of() {
  local path=$1 best='' folder layer
  while read -r folder layer; do
    [ -z "$folder" ] && continue
    case "$path" in
      "$folder"/*) [ ${#folder} -gt ${#best} ] && best=$folder ;;
    esac
  done <<<"$layers"
  printf '%s' "$best"
}
layer_of() { awk -v f="$1" '$1 == f { print $2 }' <<<"$layers"; }

count=0
cd "$root" || exit 2
while IFS= read -r file; do
  from=$(folder_of "$file")
  [ -z "$from" ] && continue
  from_layer=$(layer_of "$from")
  [ "$from_layer" -ge 10 ] && continue
  while IFS=: read -r line target; do
    to=$(folder_of "$target")
    [ -z "$to" ] && continue
    [ "$to" = "$from" ] && continue
    to_layer=$(layer_of "$to")
    if [ "$to_layer" -ge "$from_layer" ]; then
      echo "$file:$line: $from ($from_layer) includes $to ($to_layer)"
      count=$((count + 1))
    fi
  done < <(grep -nE '^[[:space:]]*#[[:space:]]*include[[:space:]]*"' "$file" |
             sed -E 's/^([0-9]+):[^"]*"([^"]+)".*/\1:\2/')
done < <(find verify theorems models reports 2>/dev/null -type f \( -name '*.hpp' -o -name '*.cpp' -o -name '*.h' \
           -o -name '*.c' -o -name '*.in' \) | sort)
echo "upward includes: $count"
[ "$count" -eq 0 ]
