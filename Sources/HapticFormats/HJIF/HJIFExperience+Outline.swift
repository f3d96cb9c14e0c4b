import HapticRender

extension HJIFExperience {
    /// The experience that plays `outline` (the inverse of ``PatternOutline/init(playback:)``,
    /// with the reference software's AHAP scales, ``HJIFMapping``), valid by the key tree: one
    /// Vibrotactile perception on a reference device made from `actuator` (its kind, its
    /// resonance and drive band), one channel at gain 1; a Transient band with one effect per
    /// transient, a VectorialWave band with one sine effect per sounding piece of the
    /// continuous signal, a keyframe at each of its intensity and sharpness points. Times are
    /// in 48 kHz ticks (``writtenTimescale``), frequencies rounded to the hertz.
    ///
    /// - Complexity: O(points + transients).
    public init(
        outline: PatternOutline, actuator: ActuatorProfile, description: String, date: String
    ) {
        let ticks = { (t: Double) in Int((t * Double(Self.writtenTimescale)).rounded()) }
        var bands: [HJIFBand] = []
        if !outline.transients.isEmpty {
            bands.append(
                HJIFBand(
                    kind: .transient, lowerFrequencyLimit: Int(HJIFMapping.lowestFrequency),
                    upperFrequencyLimit: Int(HJIFMapping.highestFrequency),
                    effects: outline.transientsInTimeOrder.map { t in
                        HJIFEffect(
                            position: ticks(t.time),
                            keyframes: [
                                HJIFKeyframe(
                                    relativePosition: 0,
                                    amplitude: Self.rounded(
                                        t.intensity * HJIFMapping.transientFullScale),
                                    frequency: Double(HJIFMapping.hertz(sharpness: t.sharpness)))
                            ])
                    }))
        }
        let pieces = outline.soundingPieces()
        if !pieces.isEmpty {
            bands.append(
                HJIFBand(
                    kind: .vectorialWave, lowerFrequencyLimit: Int(HJIFMapping.lowestFrequency),
                    upperFrequencyLimit: Int(HJIFMapping.highestFrequency),
                    effects: pieces.map { Self.effect($0, outline: outline, ticks: ticks) }))
        }
        let device = HJIFReferenceDevice(actuator: actuator)
        self.init(
            date: date, description: description, timescale: Self.writtenTimescale,
            perceptions: [
                HJIFPerception(
                    description: "Vibrotactile", referenceDevices: [device],
                    channels: [
                        HJIFChannel(
                            description: actuator.name, referenceDeviceID: device.id, bands: bands)
                    ])
            ])
    }

    /// One piece's sine effect: a keyframe with the amplitude at each of the piece's
    /// intensity points, with the frequency at each sharpness point inside it (a keyframe of
    /// one or both), both at its ends: each polyline keeps its own points.
    private static func effect(
        _ piece: SoundingPiece, outline: PatternOutline, ticks: (Double) -> Int
    ) -> HJIFEffect {
        let start = ticks(piece.start)
        let inside = outline.sharpness.filter { $0.time > piece.start && $0.time < piece.end }
        var keyframes: [HJIFKeyframe] = []
        keyframes.reserveCapacity(piece.points.count + inside.count)
        func amplitude(_ intensity: Double) -> Double {
            rounded(min(max(intensity, 0), 1) * HJIFMapping.continuousFullScale)
        }
        func frequency(_ sharpness: Double) -> Double {
            Double(HJIFMapping.hertz(sharpness: sharpness))
        }
        var s = 0
        for (i, p) in piece.points.enumerated() {
            while s < inside.count, inside[s].time < p.time {
                keyframes.append(
                    HJIFKeyframe(
                        relativePosition: ticks(inside[s].time) - start,
                        frequency: frequency(inside[s].value)))
                s += 1
            }
            // A sharpness point at this time (the last of a step), or an end of the piece.
            var here: Double?
            while s < inside.count, inside[s].time == p.time {
                here = inside[s].value
                s += 1
            }
            if i == 0 || i == piece.points.count - 1 {
                here = here ?? outline.sharpness(at: p.time)
            }
            keyframes.append(
                HJIFKeyframe(
                    relativePosition: ticks(p.time) - start, amplitude: amplitude(p.value),
                    frequency: here.map(frequency)))
        }
        return HJIFEffect(position: start, baseSignal: "Sine", keyframes: keyframes)
    }

    /// An amplitude to 6 decimals (the format's readers hold 32-bit floats).
    private static func rounded(_ a: Double) -> Double { (a * 1_000_000).rounded() / 1_000_000 }
}

extension HJIFReferenceDevice {
    /// The reference device of an actuator profile: an LRA with its resonance and drive band,
    /// or an ERM with its rated speed as its frequency.
    init(actuator: ActuatorProfile) {
        if let lra = actuator.lra {
            self.init(
                id: 0, name: actuator.name, type: "LRA", minimumFrequency: lra.driveBandMinHz,
                maximumFrequency: lra.driveBandMaxHz, resonanceFrequency: lra.resonanceHz)
        } else if let erm = actuator.erm {
            self.init(
                id: 0, name: actuator.name, type: "ERM", resonanceFrequency: erm.ratedSpeedHz)
        } else {
            self.init(id: 0, name: actuator.name, type: "Unknown")
        }
    }
}
