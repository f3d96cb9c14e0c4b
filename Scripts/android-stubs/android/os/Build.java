// Stub of android.os.Build: fields from the Android API reference
// (developer.android.com/reference/android/os/Build.VERSION, Build.VERSION_CODES).
// See Scripts/android-stubs/README.md.
package android.os;

public class Build {
    public static class VERSION {
        /** Not a compile-time constant, as on a device: the SDK level the app runs on. */
        public static final int SDK_INT = Integer.getInteger("stub.sdk", 0);
    }

    public static class VERSION_CODES {
        public static final int O = 26;
        public static final int R = 30;
        public static final int S = 31;
        public static final int BAKLAVA = 36;
    }
}
