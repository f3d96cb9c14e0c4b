/// A `HapticTransient` voice: its click driver.
@usableFromInline struct TransientHapticVoice {
    @usableFromInline var driver: TransientDriver
    init(driver: TransientDriver) { self.driver = driver }
}
