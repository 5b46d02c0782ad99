#!/bin/sh
# No user-visible text names a document the user cannot open (issue 40 item 5): the SPEC the developers work from is
# not shipped, so neither the command line's help texts nor any GUI string (the translation catalogues hold every
# tr() source and its translations) may cite "SPEC §". Usage: no-spec-citations.sh CLI SOURCE_DIR
cli=$1
src=$2
status=0
for cmd in "" run fingerprint inspect race install-schema compare sequence explore serve reconstruct probe; do
  # shellcheck disable=SC2086
  if "$cli" $cmd --help 2>&1 | grep -nw "SPEC" >/tmp/iw-spec-$$; then
    echo "idempotency-workbench${cmd:+ $cmd} --help cites the SPEC:"
    cat /tmp/iw-spec-$$
    status=1
  fi
done
rm -f /tmp/iw-spec-$$
if grep -rn "SPEC §" --include='*.ts' "$src/views" "$src/app" 2>/dev/null; then
  echo "the translation catalogues above cite the SPEC in a user-visible string"
  status=1
fi
[ $status -eq 0 ] && echo "no user-visible text cites the SPEC"
exit $status
