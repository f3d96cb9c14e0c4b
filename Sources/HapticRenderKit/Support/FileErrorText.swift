import FoundationEssentials

/// The text swift-corelibs-foundation's `localizedDescription` gives a file operation's error,
/// without Foundation: `"The operation could not be completed. The file doesn’t exist."` for
/// a `CocoaError` with a known file code, `"… (NSCocoaErrorDomain error 512.)"` otherwise.
/// Messages of the CLI and the Kit that quote a failed read or write use it, so they read
/// exactly as before the Kit dropped Foundation.
package func fileErrorText(_ error: any Error) -> String {
    let prefix = "The operation could not be completed. "
    if let error = error as? CocoaError {
        let code = error.code.rawValue
        return prefix + (cocoaFileErrorReasons[code] ?? "(NSCocoaErrorDomain error \(code).)")
    }
    if let error = error as? any LocalizedError, let description = error.errorDescription {
        return description
    }
    return prefix + "(\(String(reflecting: type(of: error))) error.)"
}

/// corelibs' failure reasons for the file error codes (CocoaError.Code 4…642).
private let cocoaFileErrorReasons: [Int: String] = [
    4: "The file doesn’t exist.",
    255: "The file couldn’t be locked.",
    257: "You don’t have permission.",
    258: "The file name is invalid.",
    259: "The file isn’t in the correct format.",
    260: "The file doesn’t exist.",
    261: "The specified text encoding isn’t applicable.",
    262: "The specified URL type isn’t supported.",
    263: "The item is too large.",
    264: "The text encoding of the contents couldn’t be determined.",
    513: "You don’t have permission.",
    514: "The file name is invalid.",
    516: "A file with the same name already exists.",
    517: "The specified text encoding isn’t applicable.",
    518: "The specified URL type isn’t supported.",
    640: "There isn’t enough space.",
    642: "The volume is read only.",
]
