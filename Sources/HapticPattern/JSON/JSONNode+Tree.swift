extension JSONNode {
    /// This node and its subtree as an owned ``JSONValue`` tree (which may outlive the
    /// tape). O(subtree nodes); recursion depth is bounded by ``JSONParser/maximumDepth``.
    var tree: JSONValue {
        let kind: JSONValue.Kind
        switch self.kind {
        case .null: kind = .null
        case .false: kind = .bool(false)
        case .true: kind = .bool(true)
        case .number: kind = .number(doubleValue, isInteger: false)
        case .integer: kind = .number(doubleValue, isInteger: true)
        case .string, .decodedString: kind = .string(string)
        case .array: kind = .array(Elements(array: self).map(\.tree))
        case .object:
            kind = .object(
                Members(object: self).map {
                    JSONMember(key: $0.key, keyPosition: $0.keyPosition, value: $0.value.tree)
                })
        }
        return JSONValue(kind, at: position)
    }
}
