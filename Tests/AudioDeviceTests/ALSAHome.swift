import HapticTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// The one ALSA file device of this process's in-process tests, and a scope in which `HOME`
/// points at it. ALSA reads `~/.asoundrc` when PortAudio first initialises it, so every test
/// that opens `AudioSystem` or a stream runs inside ``withFileDevice(_:)``; the suites are
/// serialized, and `HOME` is restored after each (child processes of other tests that need
/// their own `HOME` pass it explicitly).
enum ALSAHome {
    static let device: Result<ALSAFileDevice, Error> = Result { try ALSAFileDevice() }

    static func withFileDevice<T>(_ body: (ALSAFileDevice) throws -> T) throws -> T {
        let device = try device.get()
        let saved = getenv("HOME").map { String(cString: $0) }
        setenv("HOME", device.home.path, 1)
        defer {
            if let saved { setenv("HOME", saved, 1) } else { unsetenv("HOME") }
        }
        return try body(device)
    }
}
