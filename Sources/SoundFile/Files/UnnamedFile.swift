/// Bytes kept in a file no one can see (created in a folder and unlinked at once, so nothing is
/// left on disk whatever happens), read back a piece at a time: an encoded render too long to
/// hold in memory whole, such as an HTML page's hour of WAV audio. The descriptor is closed
/// when the last reference goes. Reads are `pread`s, safe from any number of threads.
public final class UnnamedFile: Sendable {
    private let descriptor: Int32
    /// The file's size in bytes.
    public let size: Int

    init(descriptor: Int32, size: Int) {
        self.descriptor = descriptor
        self.size = size
    }

    deinit { _ = system_close(descriptor) }

    /// Up to `count` bytes from `offset` (fewer at the end). O(count).
    /// - Throws: `readFailed` with the system's words.
    public func read(from offset: Int, count: Int) throws(SoundFileError) -> [UInt8] {
        let count = max(0, min(count, size - offset))
        var bytes = [UInt8](repeating: 0, count: count)
        var done = 0
        while done < count {
            let result = bytes.withUnsafeMutableBytes {
                system_pread($0.baseAddress! + done, count - done, descriptor, offset + done)
            }
            switch result {
            case .success(0):  // shorter than it was: what is there
                bytes.removeLast(count - done)
                return bytes
            case .success(let n): done += n
            case .failure(let f):
                throw .readFailed(path: "(unnamed file)", message: "\(f.call) failed: \(f.message)")
            }
        }
        return bytes
    }

    /// Reads up to `buffer.count` bytes from `offset` into `buffer` and returns how many (fewer
    /// at the end of the file; 0 when the read fails). No allocation; O(count).
    public func read(from offset: Int, into buffer: UnsafeMutableRawBufferPointer) -> Int {
        guard let base = buffer.baseAddress else { return 0 }
        var done = 0
        while done < buffer.count {
            switch system_pread(base + done, buffer.count - done, descriptor, offset + done) {
            case .success(0), .failure: return done
            case .success(let n): done += n
            }
        }
        return done
    }

    /// Calls `body` with the whole file in order, `chunk` bytes at a time (the last may be
    /// shorter). O(size).
    public func forEachChunk(
        of chunk: Int, _ body: ([UInt8]) throws -> Void
    ) throws {
        var offset = 0
        while offset < size {
            let bytes = try read(from: offset, count: chunk)
            if bytes.isEmpty { break }
            try body(bytes)
            offset += bytes.count
        }
    }
}

/// A file no one can see, being written: appended to, then handed over as an ``UnnamedFile``
/// to read back. Created in `folder` and unlinked at once, so nothing is left on disk.
public struct UnnamedFileWriter: ~Copyable {
    private var file: AtomicFile
    private var size = 0

    /// - Throws: `fileSystem` when no file can be made in `folder`.
    public init(in folder: String) throws(SoundFileError) {
        file = try AtomicFile(unnamedIn: folder)
    }

    /// Appends `bytes`. O(bytes).
    /// - Throws: `fileSystem` with the system's words (`ENOSPC`).
    public mutating func append(_ bytes: UnsafeRawBufferPointer) throws(SoundFileError) {
        try file.append(bytes)
        size += bytes.count
    }

    /// The file written, to read back.
    public consuming func finish() throws(SoundFileError) -> UnnamedFile {
        switch system_duplicate(file.descriptor) {
        case .success(let fd): return UnnamedFile(descriptor: fd, size: size)
        case .failure(let f): throw .fileSystem(path: file.path, call: f.call, message: f.message)
        }
    }
}
