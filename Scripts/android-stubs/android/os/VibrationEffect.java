// Stub of android.os.VibrationEffect: signatures from the Android API reference
// (developer.android.com/reference/android/os/VibrationEffect, .Composition,
// .BasicEnvelopeBuilder). See Scripts/android-stubs/README.md.
package android.os;

public abstract class VibrationEffect {
    public static final int DEFAULT_AMPLITUDE = -1;

    /** API 26. */
    public static VibrationEffect createWaveform(long[] timings, int repeat) {
        throw new UnsupportedOperationException("stub");
    }

    /** API 26. */
    public static VibrationEffect createWaveform(long[] timings, int[] amplitudes, int repeat) {
        throw new UnsupportedOperationException("stub");
    }

    /** API 30. */
    public static Composition startComposition() {
        throw new UnsupportedOperationException("stub");
    }

    /** API 30. */
    public static final class Composition {
        public static final int PRIMITIVE_NOOP = 0;
        public static final int PRIMITIVE_CLICK = 1;
        public static final int PRIMITIVE_THUD = 2;
        public static final int PRIMITIVE_SPIN = 3;
        public static final int PRIMITIVE_QUICK_RISE = 4;
        public static final int PRIMITIVE_SLOW_RISE = 5;
        public static final int PRIMITIVE_QUICK_FALL = 6;
        public static final int PRIMITIVE_TICK = 7;
        public static final int PRIMITIVE_LOW_TICK = 8;

        Composition() {}

        public Composition addPrimitive(int primitiveId) {
            throw new UnsupportedOperationException("stub");
        }

        public Composition addPrimitive(int primitiveId, float scale) {
            throw new UnsupportedOperationException("stub");
        }

        /** {@code delay}: ms of pause after the previous primitive. */
        public Composition addPrimitive(int primitiveId, float scale, int delay) {
            throw new UnsupportedOperationException("stub");
        }

        public VibrationEffect compose() {
            throw new UnsupportedOperationException("stub");
        }
    }

    /** API 36. */
    public static final class BasicEnvelopeBuilder {
        public BasicEnvelopeBuilder() {}

        public BasicEnvelopeBuilder setInitialSharpness(float initialSharpness) {
            throw new UnsupportedOperationException("stub");
        }

        public BasicEnvelopeBuilder addControlPoint(float intensity, float sharpness, long durationMillis) {
            throw new UnsupportedOperationException("stub");
        }

        public VibrationEffect build() {
            throw new UnsupportedOperationException("stub");
        }
    }
}
