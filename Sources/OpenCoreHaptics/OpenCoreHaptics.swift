// OpenCoreHaptics: Core Haptics' API on Linux — the engine, players, patterns and parameters of
// OpenCoreHapticsEssentials, plus what needs Foundation, which every app has (`error as NSError`,
// `JSONSerialization` of pattern dictionaries). The command-line tool links the essentials
// alone, so that no command pays for Foundation (docs/performance.md, Start-up).
@_exported import OpenCoreHapticsEssentials
