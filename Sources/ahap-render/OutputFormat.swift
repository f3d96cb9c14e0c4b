import ArgumentParser

/// `--format text|json` shared by the subcommands.
enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case text
    case json
}
