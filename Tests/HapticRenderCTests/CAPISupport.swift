import Foundation
import HapticRenderC
import HapticTestSupport

/// Swift-side helpers that drive the C API exactly as a C caller does: opaque handles,
/// status codes, out-parameters.
enum CAPI {
    /// The example patterns shipped in the repository.
    static let examples = Corpus.packageRoot.appendingPathComponent("Examples/Patterns")
    static func example(_ name: String) -> String { examples.appendingPathComponent(name).path }
    /// `hr_parameter` codes (the header's enum; Swift sees the functions, not the header).
    static let intensityControl: Int32 = 0, panControl: Int32 = 6

    /// A failed call's status, message and file.
    struct Failure: Error, CustomStringConvertible {
        var status: Int32
        var message: String
        var file: String
        var description: String { "status \(status): \(message)" }

        /// Takes over an `hr_error` (freeing it).
        init(_ error: OpaquePointer?, status: Int32) {
            self.status = status
            message = hr_error_message(error).map { String(cString: $0) } ?? "<no message>"
            file = hr_error_file(error).map { String(cString: $0) } ?? "<no file>"
            hr_error_free(error)
        }
    }

    /// Runs a fallible C call; throws its ``Failure`` unless it returns HR_OK.
    static func check(_ call: (UnsafeMutablePointer<OpaquePointer?>) -> Int32) throws(Failure) {
        var error: OpaquePointer?
        let status = call(&error)
        guard status == 0 else { throw Failure(error, status: status) }
    }

    /// Renders `path` with the one-shot call: interleaved samples, channels, frames.
    static func render(_ path: String, _ options: OpaquePointer? = nil) throws(Failure) -> (
        samples: [Float], channels: Int
    ) {
        var audio: OpaquePointer?
        try check { e in path.withCString { hr_render_file($0, options, &audio, e) } }
        defer { hr_audio_free(audio) }
        let channels = Int(hr_audio_channels(audio))
        let count = Int(hr_audio_frames(audio)) * channels
        let samples =
            hr_audio_samples(audio).map { Array(UnsafeBufferPointer(start: $0, count: count)) }
            ?? []
        return (samples, channels)
    }

    /// Opens a stream on `path`.
    static func open(_ path: String, _ options: OpaquePointer? = nil) throws(Failure)
        -> OpaquePointer
    {
        var stream: OpaquePointer?
        try check { e in path.withCString { hr_stream_open_file($0, options, &stream, e) } }
        return stream!
    }

    /// Pulls every remaining frame of `stream` in blocks of `block` frames.
    static func drain(_ stream: OpaquePointer, block: Int) -> [Float] {
        let channels = Int(hr_stream_channels(stream))
        var result: [Float] = []
        var buffer = [Float](repeating: .nan, count: block * channels)
        while true {
            let n = buffer.withUnsafeMutableBufferPointer {
                hr_stream_render(stream, $0.baseAddress, Int64(block))
            }
            if n <= 0 { break }
            result += buffer[..<(Int(n) * channels)]
        }
        return result
    }

    /// Whether two float arrays hold the same bit patterns (NaN-safe, −0 ≠ +0). Prints the
    /// first difference instead of letting a failed expectation print every sample.
    static func sameBits(_ a: [Float], _ b: [Float]) -> Bool {
        guard a.count == b.count else {
            print("lengths differ: \(a.count) and \(b.count) samples")
            return false
        }
        guard let i = a.indices.first(where: { a[$0].bitPattern != b[$0].bitPattern }) else {
            return true
        }
        print("first difference at sample \(i): \(a[i]) and \(b[i])")
        return false
    }
}
