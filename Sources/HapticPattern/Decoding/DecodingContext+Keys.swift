/// The keys one kind of JSON object understands. A class so that passing a schema for
/// every decoded object costs one reference count, not one per stored collection.
final class KeySchema: Sendable {
    /// Exact keys Core Haptics reads (at most 8: ``KeyMatches`` has 8 slots), matched as bytes.
    let knownNames: NameTable
    /// Legacy spellings Core Haptics also reads (`EventTime` → `Time`).
    let aliases: [String: String]
    /// Likely mistakes Core Haptics ignores, keyed by lower-cased spelling, with the key
    /// that was probably meant and what ignoring it causes.
    let typos: [String: (key: String, effect: String)]
    /// Name of the object for messages ("this event").
    let owner: String

    init(
        known: [String], aliases: [String: String] = [:],
        typos: [String: (key: String, effect: String)] = [:], owner: String
    ) {
        precondition(known.count <= 8, "KeySchema supports at most 8 known keys")
        self.knownNames = NameTable(known)
        self.aliases = aliases
        self.typos = typos
        self.owner = owner
    }

    /// Exact keys Core Haptics reads.
    var known: [String] { knownNames.names }
}

extension DecodingContext {
    /// The resolved keys of one pattern item (`Event`, `Parameter`, `ParameterCurve`), or nil
    /// after a −4814 error when the item is not an object. O(keys).
    mutating func itemKeys(
        _ value: JSONNode, base: LazyPath, what: String, schema: KeySchema, skip: String
    ) -> KeyMatches? {
        guard let members = value.objectMembers else {
            reject(
                .valueWrongType, coreHaptics: -4814, path: "\(base)", at: value.position,
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
        _ members: JSONNode.Members, schema: KeySchema, path: (String) -> String
    ) -> KeyMatches {
        var exact = KeyMatches(storage: members.object.storage, schema: schema)
        var fallbacks: [(canonical: String, member: JSONNode.Member)] = []
        for member in members {
            // Known keys are matched by their bytes; only other keys are made Strings.
            if let slot = schema.knownNames.index(of: member.keyNode) {
                if let previous = exact[slot: slot] {
                    add(
                        .warning, .jsonDuplicateKey, path: path(member.key), at: member.keyPosition,
                        "`\(member.key)` appears twice in \(schema.owner) (first at \(previous.keyPosition)); Core Haptics uses the last one. Remove one of them."
                    )
                }
                exact.set(slot: slot, member)
                continue
            }
            let key = member.key
            if let canonical = schema.aliases[key] {
                add(
                    .note, .keyLegacyAlias, path: path(key), at: member.keyPosition,
                    "`\(key)` is a legacy spelling of `\(canonical)`; Core Haptics accepts it. Prefer `\(canonical)`."
                )
                fallbacks.append((canonical, member))
                continue
            }
            let lower = key.lowercased()
            if let typo = schema.typos[lower] {
                add(
                    .warning, .keyTypo, path: path(key), at: member.keyPosition,
                    "`\(key)` is not an AHAP key; Core Haptics reads `\(typo.key)` (\(typo.effect)). Rename the key."
                )
                continue
            }
            if let match = (schema.known + schema.aliases.keys.sorted()).first(where: {
                $0.lowercased() == lower
            }) {
                let canonical = schema.aliases[match] ?? match
                if strict {
                    add(
                        .warning, .keyWrongCase, path: path(key), at: member.keyPosition,
                        "`\(key)` is not an AHAP key (keys are case-sensitive), so Core Haptics ignores it. Rename it to `\(match)`."
                    )
                } else {
                    add(
                        .warning, .keyWrongCase, path: path(key), at: member.keyPosition,
                        "`\(key)` is not an AHAP key (keys are case-sensitive; Core Haptics ignores it). Rename it to `\(match)`. Read as `\(match)`."
                    )
                    fallbacks.append((canonical, member))
                }
                continue
            }
            add(
                .note, .keyUnknown, path: path(key), at: member.keyPosition,
                "`\(key)` is not an AHAP key of \(schema.owner); it is ignored.")
        }
        for (canonical, member) in fallbacks {
            if let winner = exact[canonical: canonical] {
                add(
                    .warning, .keyConflict, path: path(member.key), at: member.keyPosition,
                    "Both `\(winner.key)` and `\(member.key)` are given; `\(winner.key)` is used. Remove `\(member.key)`."
                )
            } else if let slot = schema.known.firstIndex(of: canonical),
                let last = members.last(where: { $0.key == member.key })
            {
                exact.set(slot: slot, last)
            }
        }
        return exact
    }
}

/// The two members of an object that has exactly the keys `a` and `b` (either order),
/// or `nil` — the fast path for event parameters and control points.
@inline(__always)
func exactPair(_ members: JSONNode.Members, _ a: StaticString, _ b: StaticString) -> (
    JSONNode.Member, JSONNode.Member
)? {
    guard members.count == 2 else { return nil }
    var iterator = members.makeIterator()
    guard let first = iterator.next(), let second = iterator.next() else { return nil }
    if first.keyNode.equals(a) && second.keyNode.equals(b) { return (first, second) }
    if first.keyNode.equals(b) && second.keyNode.equals(a) { return (second, first) }
    return nil
}

/// The members of one object matched to a schema's known keys, without hashing or
/// allocating: one slot per known key (at most 8) holding the member's key node index + 1
/// (0: absent). Node indices fit 32 bits because a tape has at most one node per byte.
struct KeyMatches {
    private let storage: JSONNode.Storage
    /// The schema's names, not the schema: a plain value, so that building and dropping
    /// one of these (once per decoded object) counts no references.
    private let known: NameTable
    private var slots = SIMD8<UInt32>()

    /// No matches yet among the members of an object of the tape `storage` describes.
    init(storage: JSONNode.Storage, schema: KeySchema) {
        self.storage = storage
        self.known = schema.knownNames
    }

    mutating func set(slot: Int, _ member: JSONNode.Member) {
        slots[slot] = UInt32(truncatingIfNeeded: member.keyNode.index + 1)
    }

    subscript(slot slot: Int) -> JSONNode.Member? {
        guard slots[slot] != 0 else { return nil }
        return JSONNode.Member(keyNode: JSONNode(storage, Int(slots[slot]) - 1))
    }

    /// The member for a known key (canonical spelling), if present. Compares bytes: a
    /// `String` key would cost a full string comparison per known key.
    subscript(key: StaticString) -> JSONNode.Member? {
        guard let slot = known.index(of: key) else { return nil }
        return self[slot: slot]
    }

    /// The member for a known key given as a `String` (keys found at run time).
    subscript(canonical key: String) -> JSONNode.Member? {
        guard let slot = known.names.firstIndex(of: key) else { return nil }
        return self[slot: slot]
    }

    /// Whether no known key matched.
    var isEmpty: Bool { slots == SIMD8() }
}
