/// One node of a pattern tree: the type-erased form every ``PatternElement`` resolves to.
///
/// You get nodes from ``PatternElement/patternNode``; ``Pattern`` resolves a tree of
/// them into a ``HapticPattern`` (see ``Pattern`` for the timing rules). A node is itself
/// an element, so it can be placed in a builder block and takes the timing modifiers.
public struct PatternNode: TimedPatternElement, Hashable {
    /// What the node contains.
    indirect enum Content: Hashable, Sendable {
        /// An event at the node's origin; `advance` is what it contributes to the cursor.
        case event(HapticEvent, advance: Double)
        /// Silence: moves the cursor.
        case pause(Double)
        /// A dynamic parameter at the node's origin.
        case control(DynamicParameterID, value: Double)
        /// A parameter curve starting at the node's origin.
        case curve(DynamicParameterID, points: [ParameterCurve.ControlPoint])
        /// Nodes laid out as if written in place (builder blocks, arrays, optionals).
        case fragment([PatternNode])
        /// A sequential group; `gap == nil` inherits the enclosing gap.
        case sequence([PatternNode], gap: Double?)
        /// A group whose children all start at its origin.
        case parallel([PatternNode])
    }

    /// The node's content.
    let content: Content
    /// The node's placement relative to the cursor.
    public var timing: ElementTiming

    init(_ content: Content, timing: ElementTiming = ElementTiming()) {
        self.content = content
        self.timing = timing
    }

    /// The node itself.
    public var patternNode: PatternNode { self }

    /// A node that contributes nothing.
    public static let empty = PatternNode(.fragment([]))
}
