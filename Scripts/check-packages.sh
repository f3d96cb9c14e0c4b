#!/usr/bin/env bash
# The release artefacts (Scripts/package.sh) installed where users install them: a clean
# Debian 12 root made by Scripts/clean-root.sh (debootstrap --variant=minbase with python3-venv
# and man-db: no Swift, no compiler), entered with chroot. In it:
#   - `apt-get install ./ahap-render_….deb` pulls its Depends from the archive; ahap-render
#     renders an example (byte for byte what the build machine's CLI writes), lints a bad file
#     (exit 1, the message) and `man ahap-render` shows the page;
#   - a venv `pip install`s the wheel (numpy its only dependency, from the package index) and
#     hapticrender renders the example to numpy bit-identical to the CLI's float WAV;
#   - with gcc and pkgconf installed last, Examples/C/render.c compiles against the C tarball
#     with pkg-config (its own run path) and against the -dev .deb, and both programs render
#     the example bit-identical to the CLI.
#
#   Scripts/check-packages.sh [PACKAGE_DIR] [ROOT]
#
# PACKAGE_DIR defaults to .build/package. ROOT, when given, is a root Scripts/clean-root.sh
# made (CI starts it early, in the background); otherwise one is made here, in a temporary
# folder, and removed at the end either way. Needs root (chroot, mount), debootstrap and the
# Debian mirror (DEBIAN_MIRROR, default http://deb.debian.org/debian) and the package index.
set -euo pipefail
cd "$(dirname "$0")/.."
packages=$(realpath "${1:-.build/package}")
root=${2:-}
version=$(sed -n 's/.*static let current = "\(.*\)".*/\1/p' Sources/HapticRenderKit/Version.swift)
cli=$(swift build -c release --show-bin-path)/ahap-render
[[ -x $cli ]] || { echo "check-packages.sh: no release ahap-render (Scripts/package.sh builds it)" >&2; exit 1; }
for f in "ahap-render_${version}_amd64.deb" "libhapticrender0_${version}_amd64.deb" \
    "libhapticrender-dev_${version}_amd64.deb" "hapticrender-$version-linux-x86_64.tar.gz"; do
    [[ -f $packages/$f ]] || { echo "check-packages.sh: $packages/$f is missing (run Scripts/package.sh)" >&2; exit 1; }
done
wheel=$(basename "$(ls "$packages"/hapticrender-"$version"-py3-none-manylinux*.whl)")

if [[ -z $root ]]; then
    root=$(mktemp -d /tmp/hapticrender-root.XXXXXX)
    Scripts/clean-root.sh "$root"
fi
cleanup() {
    umount "$root/proc" 2>/dev/null || true
    rm -rf "$root"
}
trap cleanup EXIT
mountpoint -q "$root/proc" || mount -t proc proc "$root/proc"
cp /etc/resolv.conf "$root/etc/resolv.conf"
# The network as the host has it: its proxy settings, and its certificate authorities for pip's
# HTTPS to the package index (a network that inspects TLS, as a CI sandbox's egress does, signs
# with a CA the host trusts and a fresh root does not). The root's own trust store is left alone.
network_env=()
for v in http_proxy https_proxy no_proxy HTTP_PROXY HTTPS_PROXY NO_PROXY; do
    [[ -z ${!v:-} ]] || network_env+=("$v=${!v}")
done
host_ca=${PIP_CERT:-${SSL_CERT_FILE:-/etc/ssl/certs/ca-certificates.crt}}
if [[ -f $host_ca ]]; then
    cp "$host_ca" "$root/tmp/host-ca-certificates.crt"
    network_env+=(PIP_CERT=/tmp/host-ca-certificates.crt)
fi
in_root() {
    chroot "$root" /usr/bin/env -i PATH=/usr/local/bin:/usr/bin:/bin HOME=/root LANG=C.UTF-8 \
        "${network_env[@]}" "$@"
}
fail() { echo "check-packages.sh: $*" >&2; exit 1; }
# apt_install PACKAGE…: apt-get install in the root, its chatter shown only when it fails.
apt_install() {
    local log
    log=$(mktemp)
    in_root DEBIAN_FRONTEND=noninteractive apt-get install -y -q -o Dpkg::Use-Pty=0 \
        --no-install-recommends "$@" >"$log" 2>&1 || { cat "$log" >&2; rm -f "$log"; fail "apt-get install $*"; }
    echo "  $(sed -n 's/^Setting up \([^ ]*\) .*/\1/p' "$log" | tr '\n' ' ')"
    rm -f "$log"
}

# Nothing of Swift, and no compiler, in the root.
[[ -z $(find "$root" -xdev -name 'libswift*' -print -quit) ]] || fail "the root holds a Swift library"
! in_root sh -c 'command -v swift || command -v swiftc || command -v cc || command -v gcc' ||
    fail "the root has Swift or a compiler before the packages"

work=$root/tmp/check
mkdir -p "$work"
cp "$packages"/*.deb "$packages"/*.tar.gz "$packages/$wheel" "$work/"
cp Examples/Patterns/Heartbeat.ahap Examples/C/render.c "$work/"
printf '{"Version": 1.0, "Pattern": [{"Event": {"Time": 0, "EventType": "HapticTransient"}},]}\n' >"$work/Broken.ahap"
# What the build machine's CLI writes: the references every installed form must equal.
"$cli" render Examples/Patterns/Heartbeat.ahap -o "$work/expected.wav" --quiet
"$cli" render Examples/Patterns/Heartbeat.ahap --layout split -o "$work/expected-split.wav" --quiet

in_root apt-get update -qq
echo "--- the .deb: apt-get installs its Depends:"
apt_install "/tmp/check/ahap-render_${version}_amd64.deb"
[[ $(in_root ahap-render --version) == "$version" ]] || fail "the installed ahap-render is not $version"
in_root ldd /usr/bin/ahap-render
in_root ahap-render render /tmp/check/Heartbeat.ahap -o /tmp/check/heartbeat.wav
cmp "$work/heartbeat.wav" "$work/expected.wav" || fail "the installed CLI's render differs"
status=0
lint=$(in_root ahap-render lint /tmp/check/Broken.ahap 2>&1) || status=$?
echo "$lint"
[[ $status == 1 && $lint == *"Broken.ahap:1:84: error: "*"[json.trailing-comma]"* ]] ||
    fail "lint of a bad file: exit $status"
in_root man -P cat ahap-render >"$work/man.txt" 2>&1 || fail "man ahap-render: $(cat "$work/man.txt")"
grep -q 'ahap-render render' "$work/man.txt" || fail "man ahap-render does not show the render command"
echo "man ahap-render: $(wc -l <"$work/man.txt") lines"

echo "--- the wheel"
in_root python3 -m venv /opt/venv
in_root /opt/venv/bin/pip install --quiet --disable-pip-version-check "/tmp/check/$wheel"
cat >"$work/compare.py" <<'EOF'
"""Renders with the installed package and compares with the CLI's float WAV, bit for bit."""
import importlib.metadata, struct, sys
import numpy as np
import hapticrender as hr

def wav(path):
    data = open(path, "rb").read()
    offset, channels = 12, None
    while offset + 8 <= len(data):
        chunk, size = data[offset:offset + 4], struct.unpack("<I", data[offset + 4:offset + 8])[0]
        if chunk == b"fmt ":
            channels = struct.unpack("<H", data[offset + 10:offset + 12])[0]
        elif chunk == b"data":
            return np.frombuffer(data[offset + 8:offset + 8 + size], "<f4").reshape(-1, channels)
        offset += 8 + size + (size & 1)

if sys.argv[1] == "python":
    assert hr.__version__ == sys.argv[2], hr.__version__
    # numpy is the one dependency; an extra (the tests' pytest) is installed only when asked for.
    requires = [r for r in importlib.metadata.requires("hapticrender") if "extra ==" not in r]
    assert requires == ["numpy>=1.21"], requires
    for layout, expected in (("audition", "expected.wav"), ("split", "expected-split.wav")):
        samples, rate = hr.render("/tmp/check/Heartbeat.ahap", layout=layout)
        cli = wav("/tmp/check/" + expected)
        assert rate == 48000 and samples.dtype == np.float32 and samples.shape == cli.shape
        assert samples.view(np.uint32).tobytes() == cli.view(np.uint32).tobytes(), layout
        print(f"hapticrender {hr.__version__}: {layout} {samples.shape} bit-identical to the CLI")
else:  # a raw float32 file from Examples/C/render.c against the split WAV
    raw = np.fromfile(sys.argv[1], "<f4").reshape(-1, 4)
    cli = wav("/tmp/check/expected-split.wav")
    assert raw.tobytes() == cli.tobytes(), sys.argv[1]
    print(f"{sys.argv[1]}: {raw.shape} bit-identical to the CLI")
EOF
in_root /opt/venv/bin/python /tmp/check/compare.py python "$version"
in_root /opt/venv/bin/pip list --disable-pip-version-check --format=freeze

echo "--- C: the tarball and the -dev .deb (installed with gcc, libc6-dev and pkgconf:)"
apt_install gcc libc6-dev pkgconf
in_root tar -xzf "/tmp/check/hapticrender-$version-linux-x86_64.tar.gz" -C /opt
in_root sh -c "cc -std=c11 -Wall -Werror -o /tmp/check/render-tarball /tmp/check/render.c \
    \$(PKG_CONFIG_PATH=/opt/hapticrender-$version/lib/pkgconfig pkg-config --cflags --libs hapticrender)"
in_root /tmp/check/render-tarball /tmp/check/Heartbeat.ahap /tmp/check/tarball.raw split
in_root /opt/venv/bin/python /tmp/check/compare.py /tmp/check/tarball.raw
apt_install "/tmp/check/libhapticrender0_${version}_amd64.deb" "/tmp/check/libhapticrender-dev_${version}_amd64.deb"
[[ $(in_root pkg-config --modversion hapticrender) == "$version" ]] || fail "hapticrender.pc is not $version"
in_root sh -c 'cc -std=c11 -Wall -Werror -o /tmp/check/render-deb /tmp/check/render.c $(pkg-config --cflags --libs hapticrender)'
in_root /tmp/check/render-deb /tmp/check/Heartbeat.ahap /tmp/check/deb.raw split
in_root /opt/venv/bin/python /tmp/check/compare.py /tmp/check/deb.raw
in_root ldd /tmp/check/render-deb
echo "check-packages.sh: every artefact of $version installs and renders in a clean Debian 12 root"
