import HapticPattern

extension PatternRenderer {
    /// Renders the next frames into `output`, interleaved in ``channels`` order, and returns the
    /// number of frames written (`output.count / channels.count`, fewer at the end, 0 when
    /// finished). Any block size gives the same samples.
    ///
    /// Real-time safe: no allocation, locks or reference counting (the allocation test counts 0
    /// over 10,000 calls). O(frames × active voices).
    // `@_noLocks` proves it in optimized builds, the ones that ship; debug builds cannot see
    // through unspecialized generics and accessors, and the allocation-counting tests cover them.
    #if !DEBUG
        @_noLocks
    #endif
    public mutating func render(into output: UnsafeMutableBufferPointer<Float>) -> Int {
        // The kind, once per block: the chunk loop below is specialized for each.
        switch actuator {
        case .lra(let stage): render(into: output, through: stage)
        case .erm(let stage): render(into: output, through: stage)
        }
    }

    /// ``render(into:)`` with the actuator stage of one kind. O(frames × active voices).
    @inline(__always)
    mutating func render<Model: ActuatorModel>(
        into output: UnsafeMutableBufferPointer<Float>,
        through stage: UnsafeMutablePointer<ActuatorStage<Model>>
    ) -> Int {
        guard let out = output.baseAddress else { return 0 }
        let wanted = Int64(output.count / channelCount)
        let frames = Int(min(wanted, totalFrames - position))
        var written = 0
        while written < frames {
            drainRuntimeParameters()
            // Voices start first: haptic voices read their parameter lanes directly
            // (ParameterLaneReader.value), so parameter lanes are filled only for the audio voices
            // that read them per sample. The chunk then ends where the next voice starts.
            startVoices()
            let chunk = Self.chunkFrames
            let length = Int(
                min(
                    Int64(min(frames - written, chunk - Int(position % Int64(chunk)))),
                    schedule.nextStart - position))
            parameterLanes.advance(from: position, frames: length, fillingAudio: !audio.isSilent)
            audio.process(
                from: position, frames: length, parameterLanes: parameterLanes,
                left: signals[.audioLeft], right: signals[.audioRight])
            haptics.process(
                from: position, frames: length, voiceStarts: schedule.started(at: position),
                actuator: &stage.pointee)
            interleaver.write(into: out + written * channelCount, frames: length)
            position += Int64(length)
            written += length
        }
        return frames
    }

    /// Applies queued runtime parameters from the current position on.
    mutating func drainRuntimeParameters() {
        while let p = queue.pop() {
            // Envelope-time controls act at event start: scheduled only.
            guard p.layer >= 0, p.layer < parameterLanes.layerCount,
                let slot = ParameterLaneSlot(p.id)
            else {
                continue
            }
            let value = Float(min(max(p.value, slot.lowestValue), 1))
            let from = max(p.sample, position)
            parameterLanes.reader(p.layer, slot).pointee.override(value: value, from: from)
            if slot.isHaptic { haptics.parameterLaneChanged(layer: p.layer, at: from) }
        }
    }

    /// Moves every voice that starts at the current position into its stage.
    mutating func startVoices() {
        while let spec = schedule.pop(startingBy: position) {
            switch spec.kind {
            case .hapticContinuous:
                haptics.startContinuous(spec, at: position)
            case .hapticTransient:
                haptics.startTransient(
                    spec,
                    control: parameterLanes.reader(spec.layer, .hapticIntensity).pointee.value(
                        at: position))
            case .audioContinuous:
                audio.startTone(spec)
            case .audioCustom:
                audio.startClip(spec)
            }
        }
    }
}
