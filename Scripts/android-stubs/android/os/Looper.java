// Stub of android.os.Looper: signatures from the Android API reference
// (developer.android.com/reference/android/os/Looper). See Scripts/android-stubs/README.md.
package android.os;

public final class Looper {
    private Looper() {}

    public static Looper getMainLooper() {
        throw new UnsupportedOperationException("stub");
    }
}
