/// The result builder behind every DSL block (``Pattern``, ``Sequential``, ``Parallel``,
/// ``Repeat``).
///
/// It accepts any ``PatternElement`` expression, arrays and optionals of elements, and
/// Swift control flow: `if`, `if let`, `if`/`else`, `switch`, `for … in` and
/// `if #available`. Control flow is transparent to timing: the elements it produces are
/// laid out exactly as if written in place, and a branch that produces nothing adds
/// no gap.
///
/// ```swift
/// Pattern(gap: 0.1) {
///     Transient()
///     if strong { Continuous(duration: 1.5) } else { Pause(1.5) }
///     for i in 0...3 {
///         Transient(intensity: 1 - Double(i) * 0.2)
///     }
///     switch style {
///     case .soft: Transient(sharpness: 0.1)
///     case .hard: Transient(sharpness: 0.9)
///     }
/// }
/// ```
@resultBuilder
public enum PatternBuilder {
    /// The builder's partial result: nodes in source order.
    public typealias Component = [PatternNode]

    /// Wraps one element.
    public static func buildExpression(_ element: some PatternElement) -> Component {
        [element.patternNode]
    }

    /// Concatenates the statements of a block.
    public static func buildBlock(_ components: Component...) -> Component {
        components.flatMap { $0 }
    }

    /// `if` without `else`: nothing when the condition is false.
    public static func buildOptional(_ component: Component?) -> Component {
        component ?? []
    }

    /// The `if` (or first `switch`) branch.
    public static func buildEither(first component: Component) -> Component {
        component
    }

    /// The `else` (or later `switch`) branch.
    public static func buildEither(second component: Component) -> Component {
        component
    }

    /// `for … in`: the iterations' elements, in order.
    public static func buildArray(_ components: [Component]) -> Component {
        components.flatMap { $0 }
    }

    /// `if #available`.
    public static func buildLimitedAvailability(_ component: Component) -> Component {
        component
    }
}
