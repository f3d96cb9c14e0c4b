/// Path-string operations with exactly `NSString`'s semantics (swift-corelibs-foundation's
/// `NSPathUtilities`), so output names and messages stay what they were when the Kit used
/// `NSString`: repeated slashes collapse, a trailing slash is ignored, and an extension is
/// what follows the last dot of the last component unless that dot starts the component.
/// Without Foundation: `NSString` would link Foundation and ICU into every binary using the Kit.
public enum PathString {
    /// `NSString.lastPathComponent`: `"a//b/c.ahap/"` → `"c.ahap"`, `"/"` → `"/"`.
    public static func lastComponent(_ path: String) -> String {
        let fixed = fixingSlashes(path)
        if fixed.utf16.count <= 1 { return fixed }
        return String(fixed[startOfLastComponent(fixed)...])
    }

    /// `NSString.deletingLastPathComponent`: `"a/b/c"` → `"a/b"`, `"/a"` → `"/"`, `"a"` → `""`.
    public static func deletingLastComponent(_ path: String) -> String {
        let fixed = fixingSlashes(path)
        if fixed == "/" || fixed.isEmpty { return fixed }
        if fixed.utf16.count <= 1 { return "" }
        let start = startOfLastComponent(fixed)
        if start == fixed.startIndex { return "" }
        if start == fixed.index(after: fixed.startIndex) { return "/" }
        return String(fixed[..<fixed.index(before: start)])
    }

    /// `NSString.pathExtension`: `"x/c.tar.gz"` → `"gz"`, `".hidden"` → `""`.
    public static func pathExtension(_ path: String) -> String {
        let fixed = fixingSlashes(path)
        if fixed.utf16.count <= 1 { return "" }
        guard let start = startOfExtension(fixed) else { return "" }
        return String(fixed[start...])
    }

    /// `NSString.deletingPathExtension`: `"x/c.tar.gz"` → `"x/c.tar"`.
    public static func deletingExtension(_ path: String) -> String {
        let fixed = fixingSlashes(path)
        if fixed.utf16.count <= 1 { return fixed }
        guard let start = startOfExtension(fixed) else { return fixed }
        return String(fixed[..<fixed.index(before: start)])
    }

    /// `NSString.appendingPathComponent`: joins with one `/` unless either side is empty or
    /// `path` already ends in `/`.
    public static func appending(_ component: String, to path: String) -> String {
        if component.isEmpty { return path }
        if path.isEmpty { return component }
        return path.hasSuffix("/") ? path + component : path + "/" + component
    }

    /// Collapses runs of `/` and drops a trailing one (`"/"` stays).
    static func fixingSlashes(_ path: String) -> String {
        if path == "/" { return path }
        var result = ""
        result.reserveCapacity(path.utf8.count)
        var previousWasSlash = false
        for character in path {
            if character == "/" {
                if previousWasSlash { continue }
                previousWasSlash = true
            } else {
                previousWasSlash = false
            }
            result.append(character)
        }
        if result.hasSuffix("/") { result.removeLast() }
        return result
    }

    private static func startOfLastComponent(_ fixed: String) -> String.Index {
        var position = fixed.endIndex
        while position > fixed.startIndex {
            let previous = fixed.index(before: position)
            if fixed[previous] == "/" { break }
            position = previous
        }
        return position
    }

    private static func startOfExtension(_ fixed: String) -> String.Index? {
        let componentStart = startOfLastComponent(fixed)
        var position = fixed.endIndex
        while position > componentStart {
            let previous = fixed.index(before: position)
            if fixed[previous] == "." {
                if previous == componentStart { return nil }
                let beforeDot = fixed.index(before: previous)
                // ".." is a component, not an empty extension.
                if previous == fixed.index(before: fixed.endIndex), beforeDot == componentStart,
                    fixed[beforeDot] == "."
                {
                    return nil
                }
                return position
            }
            position = previous
        }
        return nil
    }
}
