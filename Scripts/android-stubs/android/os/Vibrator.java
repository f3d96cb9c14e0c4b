// Stub of android.os.Vibrator: signatures from the Android API reference
// (developer.android.com/reference/android/os/Vibrator). See Scripts/android-stubs/README.md.
package android.os;

public abstract class Vibrator {
    /** API 26. */
    public void vibrate(VibrationEffect vibe) {
        throw new UnsupportedOperationException("stub");
    }

    /** API 30. */
    public boolean[] arePrimitivesSupported(int... primitiveIds) {
        throw new UnsupportedOperationException("stub");
    }

    /** API 30. */
    public final boolean areAllPrimitivesSupported(int... primitiveIds) {
        throw new UnsupportedOperationException("stub");
    }

    /** API 31. */
    public int[] getPrimitiveDurations(int... primitiveIds) {
        throw new UnsupportedOperationException("stub");
    }

    /** API 36. */
    public boolean areEnvelopeEffectsSupported() {
        throw new UnsupportedOperationException("stub");
    }

    public abstract void cancel();
}
