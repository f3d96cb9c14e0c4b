import HapticPattern
import HapticRender

extension Timeline {
    /// A readable table of what happens when — "sample  time(s)  what happens" — for a designer
    /// asking "why does it feel like that" (printed by `ahap-render inspect --timeline`).
    ///
    /// Rows: voice starts (kind, layer, level, timbre, envelope), release starts of sustained
    /// envelopes, voice ends, and every lane breakpoint (layer, ID, control value and ramp slope
    /// per second). At one sample: ends, then lane changes, then releases, then starts.
    /// `limit` caps the number of event rows (a last line says how many were left out).
    /// O(r log r) for r = voices + breakpoints.
    func tableDescription(limit: Int = .max) -> String {
        // (sample, order at that sample, tie-break, text)
        var rows: [(sample: Int64, rank: Int, seq: Int, text: String)] = []
        let v = voices
        for i in 0..<v.count {
            let kind = Self.kindName(v.kind[i])
            var what = "start   #\(i) \(kind) L\(v.layer[i])"
            if v.kind[i].isHaptic {
                what +=
                    " intensity \(fixedText(Double(v.level[i]), decimals: 3)) sharpness \(fixedText(Double(v.timbre[i]), decimals: 3))"
            } else {
                what +=
                    " volume \(fixedText(Double(v.level[i]), decimals: 3)) brightness \(fixedText(Double(v.timbre[i]), decimals: 3))"
                what +=
                    " pan \(fixedText(Double(v.pan[i]), decimals: 3)) pitch \(fixedText(Double(v.pitch[i]), decimals: 3))"
            }
            switch v.kind[i] {
            case .hapticTransient:
                break
            case .hapticContinuous, .audioContinuous:
                what +=
                    v.sustained[i]
                    ? " AR attack \(v.attackSamples[i]) release \(v.releaseSamples[i]) smp"
                    : " AD attack \(v.attackSamples[i]) decay \(v.decaySamples[i]) smp"
            case .audioCustom:
                let r = Int(v.audioResource[i])
                what +=
                    " file \"\(r >= 0 && r < audioResources.count ? audioResources[r].path : "?")\""
                if v.loops[i] { what += " looped" }
                if v.usesVolumeEnvelope[i] {
                    what += " fade in \(v.attackSamples[i]) out \(v.releaseSamples[i]) smp"
                }
            }
            rows.append((v.start[i], 3, i, what))
            if v.sustained[i], v.releaseStart[i] < v.end[i], v.kind[i] != .hapticTransient {
                rows.append((v.releaseStart[i], 2, i, "release #\(i) \(kind)"))
            }
            rows.append((v.end[i], 0, i, "end     #\(i) \(kind)"))
        }
        let ids = DynamicParameterID.allCases
        for (l, lane) in parameterLanes.enumerated() where lane.count > 0 {
            let layer = l / ids.count
            let id = ids[l % ids.count]
            for k in 0..<lane.count {
                var what =
                    "lane    L\(layer) \(id.rawValue) = \(fixedText(lane.value[k], decimals: 4))"
                if lane.slope[k] != 0 {
                    what += " ramp \(fixedText(lane.slope[k] * sampleRate, decimals: 4))/s"
                }
                rows.append((lane.sample[k], 1, l << 32 | k, what))
            }
        }
        rows.sort { ($0.sample, $0.rank, $0.seq) < ($1.sample, $1.rank, $1.seq) }

        let width = max(6, String(rows.last?.sample ?? 0).count)
        var out = padLeft("sample", width) + "  " + padLeft("time(s)", 10) + "  what happens\n"
        for row in rows.prefix(max(limit, 0)) {
            out +=
                padLeft(String(row.sample), width) + "  "
                + padLeft(fixedText(Double(row.sample) / sampleRate, decimals: 6), 10) + "  "
                + row.text + "\n"
        }
        if rows.count > limit { out += "… \(rows.count - limit) more rows\n" }
        out +=
            "pattern end \(patternDurationSamples) smp, voices end \(voicesEndSample) smp, "
            + "max polyphony HT \(maxPolyphony.hapticTransient) HC \(maxPolyphony.hapticContinuous) "
            + "AC \(maxPolyphony.audioContinuous) AU \(maxPolyphony.audioCustom)\n"
        return out
    }

    private static func kindName(_ kind: VoiceKind) -> String {
        switch kind {
        case .hapticTransient: return "HapticTransient"
        case .hapticContinuous: return "HapticContinuous"
        case .audioContinuous: return "AudioContinuous"
        case .audioCustom: return "AudioCustom"
        }
    }
}
