#!/usr/bin/env bash
# The house rules the layout promises (docs/ARCHITECTURE.md "Dependency rule"), checked on
# the source tree: no file outside formats/ names a game (C++, CMake, JavaScript and Python
# alike); each room includes only the rooms it may depend on; every design document a comment
# cites is in the repository, with the section it names, and so is every file a comment names;
# CheckDef variables are named after their stable names. Prints every
# breach and exits 1 when there is one.
set -u
root=${1:?usage: check_rooms.sh SOURCE_DIR}
cd "$root" || exit 2
status=0
breach() { echo "house: $*"; status=1; }

sources() { find "$@" -type f \( -name '*.cpp' -o -name '*.h' -o -name '*.cmake' -o -name '*.mjs' \
  -o -name '*.css' -o -name '*.js' -o -name '*.py' \) -not -path '*/__pycache__/*' 2>/dev/null | sort; }

# 1. Game names stay inside formats/ (the registry's entries carry them to the CLI).
games='\b(sws|rr|grb|grw)\b|\b(SWS|RR|GRB|GRW)_|Shaun White|Riders Republic|Breakpoint|Wildlands'
while IFS= read -r hit; do breach "names a game outside formats/: $hit"; done \
  < <(sources converter gltf_writer ir | xargs grep -nHiE "$games" 2>/dev/null)

# 2. Includes follow the dependency rule. room:forbidden-include-prefixes
rules=(
  "ir:formats/ gltf_writer/ converter/"
  "formats:gltf_writer/ converter/"
  "gltf_writer:formats/ converter/"
  "gltf_writer/write:gltf_writer/read/ gltf_writer/compact/"
  "converter/io:converter/install/ converter/convert/ converter/verify/ converter/validate/ converter/inspect/ converter/view/ converter/import/ converter/cli/ gltf_writer/"
  "converter/install:converter/convert/ converter/verify/ converter/validate/ converter/inspect/ converter/view/ converter/import/ converter/cli/ gltf_writer/ formats/sws/ formats/rr/ formats/grb/"
  "converter/convert:converter/import/ converter/verify/ converter/validate/ converter/inspect/ converter/view/ converter/cli/"
  "converter/verify:converter/import/ converter/validate/ converter/inspect/ converter/view/ converter/cli/"
  "converter/validate:converter/import/ converter/verify/ converter/inspect/ converter/view/ converter/cli/"
  "converter/inspect:converter/import/ converter/verify/ converter/validate/ converter/view/ converter/cli/"
  "converter/view:converter/verify/ converter/validate/ converter/inspect/ converter/import/ converter/cli/"
  "converter/import:converter/convert/ converter/verify/ converter/validate/ converter/inspect/ converter/view/ converter/cli/"
)
for rule in "${rules[@]}"; do
  room=${rule%%:*}
  for prefix in ${rule#*:}; do
    while IFS= read -r hit; do breach "$room may not include $prefix: $hit"; done \
      < <(sources "$room" | xargs grep -nH "#include \"$prefix" 2>/dev/null)
  done
done
# A game's folder includes no other game's; common and texture (GPU blocks, image files) are
# shared by every game.
for game in formats/*/; do
  g=$(basename "$game")
  [[ $g == common || $g == texture ]] && continue
  while IFS= read -r hit; do
    other=$(sed -E 's|.*#include "formats/([a-z0-9_]+)/.*|\1|' <<<"$hit")
    [[ $other != "$g" && $other != common && $other != texture ]] && breach "formats/$g includes another game: $hit"
  done < <(sources "$game" | xargs grep -nH '#include "formats/[a-z0-9_]*/' 2>/dev/null)
done

# 3. Cited design documents are in the repository, with the sections cited.
for doc in ARCHITECTURE READING IR; do
  [[ -f docs/$doc.md ]] || breach "docs/$doc.md is missing"
done
while IFS= read -r hit; do
  doc=$(sed -E 's/.*:(ARCHITECTURE|READING|IR)\.md.*/\1/' <<<"$hit")
  section=$(sed -E 's/.*\.md:? "([^"]+)"$/\1/' <<<"$hit")
  grep -qF -- "$section" "docs/$doc.md" || breach "cites a section docs/$doc.md does not have: $hit"
done < <(git ls-files 2>/dev/null | grep -E '\.(cpp|h|cmake|sh|py|mjs)$' |
         xargs grep -oHnE '(ARCHITECTURE|READING|IR)\.md:? "[^"]+"' 2>/dev/null)
while IFS= read -r hit; do breach "points outside the repository: $hit"; done \
  < <(git ls-files 2>/dev/null | xargs grep -nHE '\.\./shared|shared/design|GRB-READING' 2>/dev/null |
      grep -v '^tests/house/')

# 4. A file a comment names (formats/sws/rebuild_ranges.cpp, docs/errors.md, ...) exists:
#    a moved or renamed file leaves no stale pointer. Generated paths (git-ignored) are exempt.
while IFS= read -r hit; do
  cited=${hit##*: }
  git check-ignore -q -- "$cited" 2>/dev/null || breach "a comment names a file that is not there: $hit"
done < <(git ls-files 2>/dev/null |
         grep -E '\.(cpp|h|cmake|sh|py|mjs|js)$|CMakeLists\.txt$|^scripts/|^(fuzz|bench|\.ci)/run$' |
         xargs perl -e '
  my $re = qr{\b((?:formats|converter|gltf_writer|ir|tests|samples|bench|fuzz|scripts|docs|cmake)/[\w./-]*\w\.(?:cpp|h|md|json|py|sh|cmake|mjs|js|css|txt))\b};
  for my $f (@ARGV) {
    open(my $fh, "<", $f) or next;
    my $hash = $f =~ /\.(cmake|sh|py)$|CMakeLists\.txt$/ || $f !~ m{/[^/]*\.[^/]*$};
    while (my $l = <$fh>) {
      my $c;
      if ($hash) { next unless $l =~ /(?:^|\s)#\s?(.*)$/; $c = $1 }
      else { next unless $l =~ m{//(.*)$}; $c = $1 }
      while ($c =~ /$re/g) { print "$f:$.: $1\n" unless -e $1 }
    }
  }' 2>/dev/null)

# 4b. So does a source file a C++ comment names without its folder ("(to_ir_skin.cpp)"): some
#     tracked file has that name, or a cmake file writes it (generated sources). Patterns
#     (error_catalogue_<game>.cpp, *_test.cpp) are not names.
while IFS= read -r hit; do breach "a comment names a file that is not there: $hit"; done \
  < <(git ls-files 2>/dev/null | grep -E '\.(cpp|h)$' | xargs perl -e '
  my %have;
  for (split /\n/, `git ls-files`) { (my $b = $_) =~ s{.*/}{}; $have{$b} = 1 }
  for my $f (split /\n/, `git ls-files "*.cmake" "*CMakeLists.txt"`) {
    open(my $fh, "<", $f) or next;
    while (<$fh>) { $have{$1} = 1 while m{([\w\-]+\.(?:cpp|h))\b}g }
  }
  for my $f (@ARGV) {
    open(my $fh, "<", $f) or next;
    while (my $l = <$fh>) {
      next unless $l =~ m{//(.*)$};
      my $c = $1;
      while ($c =~ m{(?<![\w/.\-<>*])([A-Za-z][\w\-]*\.(?:cpp|h))\b(?!>)}g) {
        print "$f:$.: $1\n" unless $have{$1};
      }
    }
  }' 2>/dev/null)

# 5. A CheckDef variable carries its stable check name without the game prefix
#    (docs/ARCHITECTURE.md "Naming").
while IFS= read -r hit; do breach "a CheckDef named apart from its stable name: $hit"; done \
  < <(git ls-files 'formats/*_checks.cpp' 2>/dev/null | xargs perl -0ne \
        'while (/const CheckDef (\w+)\s*\{\s*"\w+\.(\w+)"/g) { print "$ARGV: $1 is $2\n" if $1 ne $2 }')

# 6. No Oodle code, header or binary (docs/READING.md "Oodle"): RAD's library is the user's own.
#    Its entry points are named only where the library is loaded and in the tests' stand-in.
while IFS= read -r hit; do breach "an Oodle header or binary is tracked: $hit"; done \
  < <(git ls-files 2>/dev/null | grep -iE '(^|/)(oodle2[a-z]*\.h|oo2core[^/]*|oo2net[^/]*|liboo2[^/]*|[^/]*\.(dll|so|dylib|a|lib))$')
while IFS= read -r hit; do breach "names Oodle's API outside the loader and the stand-in: $hit"; done \
  < <(git ls-files 2>/dev/null | grep -E '\.(cpp|h|c|cmake|py)$' \
        | grep -vE '^(converter/install/oodle_library\.(h|cpp)|tests/support/oodle_standin/)' \
        | xargs grep -nHE 'OodleLZ_[A-Za-z]+\s*\(|#\s*include\s*[<"]([^>"]*/)?oodle2' 2>/dev/null)

if ((status == 0)); then echo "house: rooms, game names and citations as documented"; fi
exit "$status"
