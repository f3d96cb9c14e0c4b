/// A `HapticTransient` voice: its click driver.
struct TransientHapticVoice {
    var driver: TransientDriver
}
