// libFuzzer entry point: bytes → a small tree of hostile destinations (files, links to
// files, to folders, to /dev/null, chains, loops, dangling links, folders in the way) and one
// write through `AtomicFile`, the one writer every output of the package takes. Built by
// Scripts/fuzz.sh (target `output`) over SoundFile.
//
// What counts as a finding: a trap, a link replaced by a file (a write through a link
// replaces the file it points to, never the link), a `.partial` file left behind, a write
// that reports success but whose destination does not hold the bytes, a refusal that changed
// anything, or anything written outside the scratch folder (but /dev/null).
import SoundFile

#if canImport(Glibc)
    import Glibc
#endif

/// The scratch folder, in memory, made once; emptied before every input.
let root: String = {
    var template = Array("/dev/shm/output-fuzz-XXXXXX".utf8CString)
    let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
    precondition(made != nil, "mkdtemp failed")
    return String(cString: made!)
}()

/// What a name in the tree is.
enum Entry: Equatable {
    case file([UInt8])
    case link(String)
    case folder
    case other
}

/// Reads bytes one at a time (0 after the end).
struct Reader {
    let bytes: UnsafeBufferPointer<UInt8>
    var at = 0
    mutating func next() -> Int {
        defer { at += 1 }
        return at < bytes.count ? Int(bytes[at]) : 0
    }
}

/// The names a tree is made of: in the root and in one subfolder.
let names = ["a", "b", "c", "d", "sub/a", "sub/b", "sub/c", "deep/er/a"]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var input = Reader(bytes: UnsafeBufferPointer(start: data, count: size))
    empty(root)
    mkdir(root + "/sub", 0o755)
    // The tree: each name one of the hostile kinds.
    for name in names where input.next() % 3 != 0 {
        let path = root + "/" + name
        switch input.next() % 9 {
        case 0: put(path, [0x6F, 0x6C, 0x64])  // "old"
        case 1:
            symlink(
                names[input.next() % names.count].split(separator: "/").last.map(String.init)
                    ?? "a", path)
        case 2: symlink(root + "/" + names[input.next() % names.count], path)
        case 3: symlink("/dev/null", path)
        case 4: mkdir(path, 0o755)
        case 5: symlink("../" + names[input.next() % names.count], path)
        case 6: symlink("missing/" + names[input.next() % names.count], path)
        case 7: symlink(name.split(separator: "/").last.map(String.init) ?? name, path)  // a loop
        default: symlink("sub", path)
        }
    }
    let spellings = ["", "./", "sub/../", "//"]
    let destination =
        root + "/" + spellings[input.next() % spellings.count]
        + (input.next() % 5 == 0 ? "new/x" : names[input.next() % names.count])
    let replacing: AtomicFile.Replacing = input.next() % 2 == 0 ? .never : .replace
    let payload = (0..<(input.next() % 64)).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
    let before = snapshot(root)
    let succeeded = AtomicFile.$createsFolders.withValue(input.next() % 2 == 0) {
        (try? AtomicFile.write(payload, to: destination, replacing: replacing)) != nil
    }
    let after = snapshot(root)
    for (name, entry) in before {
        if case .link(let target) = entry, after[name] != .link(target) {
            fatalError("\(name): the link to \(target) became \(String(describing: after[name]))")
        }
    }
    if let partial = after.keys.first(where: { $0.hasSuffix(".partial") }) {
        fatalError("left behind: \(partial)")
    }
    if !succeeded, before != after {
        fatalError("a refused write changed the tree: \(before) → \(after)")
    }
    if succeeded, let real = realpath(destination, nil) {
        defer { free(real) }
        let path = String(cString: real)
        if path.hasPrefix(root + "/") {
            let written = after[String(path.dropFirst(root.count + 1))]
            if written != .file(payload) {
                fatalError("\(destination) (\(path)) holds \(String(describing: written))")
            }
        } else if path != "/dev/null" {
            fatalError("written outside the scratch folder: \(path)")
        }
    }
    return 0
}

/// Every name below `folder` (links not followed) and what it is.
func snapshot(_ folder: String, prefix: String = "") -> [String: Entry] {
    var result: [String: Entry] = [:]
    guard let dir = opendir(folder) else { return result }
    defer { closedir(dir) }
    while let item = readdir(dir) {
        let name = withUnsafeBytes(of: item.pointee.d_name) {
            String(cString: $0.bindMemory(to: CChar.self).baseAddress!)
        }
        if name == "." || name == ".." { continue }
        let path = folder + "/" + name
        let key = prefix + name
        var st = stat()
        guard lstat(path, &st) == 0 else { continue }
        switch st.st_mode & S_IFMT {
        case S_IFLNK:
            var buffer = [CChar](repeating: 0, count: 4_096)
            let n = readlink(path, &buffer, buffer.count - 1)
            result[key] = .link(n > 0 ? String(cString: buffer) : "")
        case S_IFDIR:
            result[key] = .folder
            result.merge(snapshot(path, prefix: key + "/")) { $1 }
        case S_IFREG: result[key] = .file(contents(path))
        default: result[key] = .other
        }
    }
    return result
}

func contents(_ path: String) -> [UInt8] {
    let fd = open(path, O_RDONLY)
    guard fd >= 0 else { return [] }
    defer { close(fd) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4_096)
    while true {
        let n = read(fd, &buffer, buffer.count)
        if n <= 0 { return bytes }
        bytes += buffer[0..<n]
    }
}

func put(_ path: String, _ bytes: [UInt8]) {
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    guard fd >= 0 else { return }
    _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    close(fd)
}

/// Removes everything below `folder` (links not followed), keeping the folder.
func empty(_ folder: String) {
    guard let dir = opendir(folder) else { return }
    var children: [String] = []
    while let item = readdir(dir) {
        let name = withUnsafeBytes(of: item.pointee.d_name) {
            String(cString: $0.bindMemory(to: CChar.self).baseAddress!)
        }
        if name != "." && name != ".." { children.append(folder + "/" + name) }
    }
    closedir(dir)
    for child in children {
        var st = stat()
        if lstat(child, &st) == 0, st.st_mode & S_IFMT == S_IFDIR {
            empty(child)
            rmdir(child)
        } else {
            unlink(child)
        }
    }
}
