/// The keys one kind of JSON object understands. A class so that passing a schema for
/// every decoded object costs one reference count, not one per stored collection.
final class KeySchema: Sendable {
    /// Exact keys Core Haptics reads.
    let known: [String]
    /// Legacy spellings Core Haptics also reads (`EventTime` → `Time`).
    let aliases: [String: String]
    /// Likely mistakes Core Haptics ignores, keyed by lower-cased spelling, with the key
    /// that was probably meant and what ignoring it causes.
    let typos: [String: (key: String, effect: String)]
    /// Name of the object for messages ("this event").
    let owner: String

    init(known: [String], aliases: [String: String] = [:], typos: [String: (key: String, effect: String)] = [:], owner: String) {
        self.known = known
        self.aliases = aliases
        self.typos = typos
        self.owner = owner
    }
}

extension DecodingContext {
    /// The resolved keys of one pattern item (`Event`, `Parameter`, `ParameterCurve`), or nil
    /// after a −4814 error when the item is not an object. O(keys).
    mutating func itemKeys(
        _ value: JSONValue, base: LazyPath, what: String, schema: KeySchema, skip: String
    ) -> KeyMatches? {
        guard let members = value.objectMembers else {
            reject(.valueWrongType, coreHaptics: -4814, path: "\(base)", at: value.position,
                   wrongType(value, what: "`\(what)`", expected: "an object"), consequence: skip)
            return nil
        }
        return resolveKeys(members, schema: schema) { "\(base).\($0)" }
    }

    /// Matches the members of an object against `schema`.
    ///
    /// Returns the member for each known key (last occurrence wins, like
    /// `JSONSerialization`). Reports duplicates, legacy aliases (note), typos (warning,
    /// ignored in both modes as Core Haptics ignores them), wrong-case keys (lenient:
    /// used with a warning; strict: ignored with a warning, as Core Haptics keys are
    /// case-sensitive) and unknown keys (note). O(members × known keys).
    mutating func resolveKeys(
        _ members: [JSONMember], schema: KeySchema, path: (String) -> String
    ) -> KeyMatches {
        var exact = KeyMatches(members: members, known: schema.known)
        var fallbacks: [(canonical: String, member: JSONMember)] = []
        for (memberIndex, member) in members.enumerated() {
            let key = member.key
            if let slot = schema.known.firstIndex(of: key) {
                if let previous = exact[slot: slot] {
                    add(.warning, .jsonDuplicateKey, path: path(key), at: member.keyPosition,
                        "`\(key)` appears twice in \(schema.owner) (first at \(previous.keyPosition)); Core Haptics uses the last one. Remove one of them.")
                }
                exact.set(slot: slot, memberIndex: memberIndex)
                continue
            }
            if let canonical = schema.aliases[key] {
                add(.note, .keyLegacyAlias, path: path(key), at: member.keyPosition,
                    "`\(key)` is a legacy spelling of `\(canonical)`; Core Haptics accepts it. Prefer `\(canonical)`.")
                fallbacks.append((canonical, member))
                continue
            }
            let lower = key.lowercased()
            if let typo = schema.typos[lower] {
                add(.warning, .keyTypo, path: path(key), at: member.keyPosition,
                    "`\(key)` is not an AHAP key; Core Haptics reads `\(typo.key)` (\(typo.effect)). Rename the key.")
                continue
            }
            if let match = (schema.known + schema.aliases.keys.sorted()).first(where: { $0.lowercased() == lower }) {
                let canonical = schema.aliases[match] ?? match
                if strict {
                    add(.warning, .keyWrongCase, path: path(key), at: member.keyPosition,
                        "`\(key)` is not an AHAP key (keys are case-sensitive), so Core Haptics ignores it. Rename it to `\(match)`.")
                } else {
                    add(.warning, .keyWrongCase, path: path(key), at: member.keyPosition,
                        "`\(key)` is not an AHAP key (keys are case-sensitive; Core Haptics ignores it). Rename it to `\(match)`. Read as `\(match)`.")
                    fallbacks.append((canonical, member))
                }
                continue
            }
            add(.note, .keyUnknown, path: path(key), at: member.keyPosition,
                "`\(key)` is not an AHAP key of \(schema.owner); it is ignored.")
        }
        for (canonical, member) in fallbacks {
            if let winner = exact[canonical] {
                add(.warning, .keyConflict, path: path(member.key), at: member.keyPosition,
                    "Both `\(winner.key)` and `\(member.key)` are given; `\(winner.key)` is used. Remove `\(member.key)`.")
            } else if let slot = schema.known.firstIndex(of: canonical),
                      let memberIndex = members.lastIndex(where: { $0.key == member.key }) {
                exact.set(slot: slot, memberIndex: memberIndex)
            }
        }
        return exact
    }
}

/// The two members of an object that has exactly the keys `a` and `b` (either order),
/// or `nil` — the allocation-free fast path for event parameters and control points.
@inline(__always)
func exactPair(_ members: [JSONMember], _ a: String, _ b: String) -> (JSONMember, JSONMember)? {
    guard members.count == 2 else { return nil }
    if members[0].key == a && members[1].key == b { return (members[0], members[1]) }
    if members[0].key == b && members[1].key == a { return (members[1], members[0]) }
    return nil
}

/// The members of one object matched to a schema's known keys, without hashing or
/// allocating: up to 8 slots packed into one integer (member index + 1 per byte), with
/// a rarely used overflow array for objects of more than 254 members.
struct KeyMatches {
    private let members: [JSONMember]
    private let known: [String]
    private var packed: UInt64 = 0
    private var overflow: [Int]?

    init(members: [JSONMember], known: [String]) {
        precondition(known.count <= 8, "KeySchema supports at most 8 known keys")
        self.members = members
        self.known = known
    }

    mutating func set(slot: Int, memberIndex: Int) {
        if memberIndex < 255, overflow == nil {
            let shift = UInt64(slot * 8)
            packed = (packed & ~(0xFF << shift)) | (UInt64(memberIndex + 1) << shift)
            return
        }
        if overflow == nil {
            overflow = (0..<known.count).map { self[slot: $0].flatMap { m in members.lastIndex { $0.key == m.key } } ?? -1 }
        }
        overflow?[slot] = memberIndex
    }

    subscript(slot slot: Int) -> JSONMember? {
        if let overflow {
            return overflow[slot] >= 0 ? members[overflow[slot]] : nil
        }
        let stored = Int((packed >> UInt64(slot * 8)) & 0xFF)
        return stored == 0 ? nil : members[stored - 1]
    }

    /// The member for a known key (canonical spelling), if present.
    subscript(key: String) -> JSONMember? {
        guard let slot = known.firstIndex(of: key) else { return nil }
        return self[slot: slot]
    }

    /// Whether no known key matched.
    var isEmpty: Bool { overflow.map { $0.allSatisfy { $0 < 0 } } ?? (packed == 0) }
}
