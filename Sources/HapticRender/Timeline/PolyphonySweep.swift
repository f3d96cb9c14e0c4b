extension Polyphony {
    /// The exact maximum number of simultaneously sounding voices per kind: a sweep over the
    /// sorted (start, end) boundaries, where `end` is exclusive (a voice ending at sample n
    /// and another starting at n never overlap). Zero-length voices never sound. O(v log v).
    package init(sweeping voices: VoiceTable) {
        self.init(
            count: voices.count, kind: { voices.kind[$0] },
            lifetime: { i in
                voices.end[i] > voices.start[i] ? (voices.start[i], voices.end[i]) : nil
            })
    }

    /// The peak number of overlapping lifetimes per kind, for `count` voices whose kind and
    /// half-open lifetime (`nil`: never sounds) the closures give. O(v log v).
    init(count: Int, kind: (Int) -> VoiceKind, lifetime: (Int) -> (start: Int64, end: Int64)?) {
        self.init()
        for k in VoiceKind.allCases {
            var edges: [(sample: Int64, delta: Int)] = []
            for i in 0..<count where kind(i) == k {
                guard let life = lifetime(i) else { continue }
                edges.append((life.start, 1))
                edges.append((life.end, -1))
            }
            // Ends (−1) sort before starts (+1) at the same sample.
            edges.sort { ($0.sample, $0.delta) < ($1.sample, $1.delta) }
            var active = 0
            var peak = 0
            for e in edges {
                active += e.delta
                peak = max(peak, active)
            }
            self[k] = peak
        }
    }
}
