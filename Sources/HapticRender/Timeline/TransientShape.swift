/// The fixed lifetime of a `HapticTransient` voice.
///
/// Core Haptics plays a pre-built server waveform whose length is not public. The scheduler
/// only needs a voice end that surely covers it: 40 ms, generous for a click of an LRA tuned
/// around 150–250 Hz (a few cycles). The synthesizer/actuator owner decides the real click
/// shape and must keep it within this length (or change this one constant). `EventDuration`
/// never lengthens a transient; it only pads the pattern duration (docs/ahap-format.md, Events).
/// Not scaled by the playback rate.
package enum TransientShape {
    package static let lengthSeconds = 0.040
}
