/// Why a path names no file, in words that say what a user can do about it.
///
/// Swift strings are Unicode: a file name whose bytes are not UTF-8 (a Latin-1 name copied
/// from an old disk, `$'\xff.wav'`) reaches a command with U+FFFD in place of those bytes, in
/// its arguments and in folder listings alike, and no file has that name. An empty path names
/// nothing. Both would otherwise read as a plain "No such file or directory" for a file the
/// user can see.
public enum PathEncoding {
    /// `ENOENT`'s words for `path`, with the likely reason when the path is empty or holds
    /// U+FFFD. O(path).
    public static func missingFileReason(_ path: String) -> String {
        if path.isEmpty { return "No such file or directory: the path is empty" }
        if path.unicodeScalars.contains("\u{FFFD}") {
            return
                "No such file or directory: the name holds bytes that are not UTF-8, which this tool cannot pass on (rename the file)"
        }
        return "No such file or directory"
    }
}
