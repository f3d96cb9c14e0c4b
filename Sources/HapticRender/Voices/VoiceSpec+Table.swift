extension VoiceSpec {
    /// Voice `i` of `table`, its envelope in samples from its start. O(1).
    init(_ table: VoiceTable, _ i: Int) {
        let start = table.start[i]
        self.init(
            start: start, end: table.end[i], kind: table.kind[i], layer: Int(table.layer[i]),
            level: table.level[i], timbre: table.timbre[i], pan: table.pan[i],
            pitch: table.pitch[i],
            envelope: Envelope(
                attack: Float(table.attackSamples[i]), decay: Float(table.decaySamples[i]),
                release: Float(table.releaseSamples[i]),
                releaseStart: Float(table.releaseStart[i] - start), sustained: table.sustained[i]),
            resource: Int(table.audioResource[i]), loops: table.loops[i],
            usesEnvelope: table.usesVolumeEnvelope[i])
    }
}
