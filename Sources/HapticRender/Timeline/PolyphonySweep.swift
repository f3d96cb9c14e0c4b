extension Polyphony {
    /// The exact maximum number of simultaneously sounding voices per kind: a sweep over the
    /// sorted (start, end) boundaries, where `end` is exclusive (a voice ending at sample n
    /// and another starting at n never overlap). Zero-length voices never sound. O(v log v).
    public init(sweeping voices: VoiceTable) {
        self.init()
        for kind in VoiceKind.allCases {
            var edges: [(sample: Int64, delta: Int)] = []
            for i in 0..<voices.count where voices.kind[i] == kind && voices.end[i] > voices.start[i] {
                edges.append((voices.start[i], 1))
                edges.append((voices.end[i], -1))
            }
            // Ends (−1) sort before starts (+1) at the same sample.
            edges.sort { ($0.sample, $0.delta) < ($1.sample, $1.delta) }
            var active = 0, peak = 0
            for e in edges {
                active += e.delta
                peak = max(peak, active)
            }
            self[kind] = peak
        }
    }
}
