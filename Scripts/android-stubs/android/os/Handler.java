// Stub of android.os.Handler: signatures from the Android API reference
// (developer.android.com/reference/android/os/Handler). See Scripts/android-stubs/README.md.
package android.os;

public class Handler {
    public Handler(Looper looper) {
        throw new UnsupportedOperationException("stub");
    }

    public final boolean postDelayed(Runnable r, long delayMillis) {
        throw new UnsupportedOperationException("stub");
    }
}
