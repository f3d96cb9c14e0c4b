/// Walking arrays and objects: each child is found in O(1) from the previous one, because a
/// container node records where its subtree ends.
extension JSONNode {
    /// The members of an object node, else `nil`.
    var objectMembers: Members? { kind == .object ? Members(object: self) : nil }

    /// The elements of an array node, else `nil`.
    var arrayElements: Elements? { kind == .array ? Elements(array: self) : nil }

    /// The children of a container in order, each found in O(1) by skipping the previous
    /// one's subtree.
    struct Children: IteratorProtocol {
        let storage: Storage
        /// The next child's first node.
        var cursor: Int
        let end: Int
        /// Nodes per child: 2 for object members (key, value), 1 for array elements.
        let stride: Int

        mutating func next() -> JSONNode? {
            guard cursor < end else { return nil }
            let child = JSONNode(storage, cursor)
            let last = cursor + stride - 1
            cursor = storage.nodes[last].end(at: last)
            return child
        }
    }

    /// The `"key": value` members of an object, in file order (duplicates kept).
    struct Members: Sequence {
        let object: JSONNode

        var count: Int { Int(object.node.count) }
        var isEmpty: Bool { count == 0 }
        var underestimatedCount: Int { count }

        func makeIterator() -> MemberIterator {
            MemberIterator(
                children: Children(
                    storage: object.storage, cursor: object.index + 1,
                    end: object.node.end(at: object.index), stride: 2))
        }

        /// The last member `predicate` accepts. O(members).
        func last(where predicate: (Member) throws -> Bool) rethrows -> Member? {
            var found: Member?
            for member in self where try predicate(member) { found = member }
            return found
        }
    }

    struct MemberIterator: IteratorProtocol {
        var children: Children
        mutating func next() -> Member? { children.next().map(Member.init(keyNode:)) }
    }

    /// One member of an object: its key node, followed on the tape by its value.
    struct Member {
        let keyNode: JSONNode

        var value: JSONNode { JSONNode(keyNode.storage, keyNode.index + 1) }
        /// The key's text. O(length); prefer ``JSONNode/equals(_:)`` on ``keyNode``.
        var key: String { keyNode.string }
        var keyPosition: JSONPosition { keyNode.position }
    }

    /// The elements of an array, in order.
    struct Elements: Sequence {
        let array: JSONNode

        var count: Int { Int(array.node.count) }
        var isEmpty: Bool { count == 0 }
        var underestimatedCount: Int { count }

        func makeIterator() -> Children {
            Children(
                storage: array.storage, cursor: array.index + 1,
                end: array.node.end(at: array.index), stride: 1)
        }
    }
}
