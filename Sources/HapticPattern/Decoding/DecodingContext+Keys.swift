/// The keys one kind of JSON object understands.
struct KeySchema {
    /// Exact keys Core Haptics reads.
    var known: [String]
    /// Legacy spellings Core Haptics also reads (`EventTime` → `Time`).
    var aliases: [String: String] = [:]
    /// Likely mistakes Core Haptics ignores, keyed by lower-cased spelling, with the key
    /// that was probably meant and what ignoring it causes.
    var typos: [String: (key: String, effect: String)] = [:]
    /// Name of the object for messages ("this event").
    var owner: String
}

extension DecodingContext {
    /// Matches the members of an object against `schema`.
    ///
    /// Returns the member for each known key (last occurrence wins, like
    /// `JSONSerialization`). Reports duplicates, legacy aliases (note), typos (warning,
    /// ignored in both modes as Core Haptics ignores them), wrong-case keys (lenient:
    /// used with a warning; strict: ignored with a warning, as Core Haptics keys are
    /// case-sensitive) and unknown keys (note). O(members × known keys).
    mutating func resolveKeys(
        _ members: [JSONMember], schema: KeySchema, path: (String) -> String
    ) -> [String: JSONMember] {
        var exact: [String: JSONMember] = [:]
        var fallbacks: [(canonical: String, member: JSONMember)] = []
        for member in members {
            let key = member.key
            if schema.known.contains(key) {
                if let previous = exact[key] {
                    add(.warning, .jsonDuplicateKey, path: path(key), at: member.keyPosition,
                        "`\(key)` appears twice in \(schema.owner) (first at \(previous.keyPosition)); Core Haptics uses the last one. Remove one of them.")
                }
                exact[key] = member
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
            } else {
                exact[canonical] = member
            }
        }
        return exact
    }
}
