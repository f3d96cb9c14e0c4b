// Stub of androidx.annotation.RequiresApi: elements from the AndroidX reference
// (developer.android.com/reference/androidx/annotation/RequiresApi). See
// Scripts/android-stubs/README.md.
package androidx.annotation;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

@Retention(RetentionPolicy.CLASS)
@Target({ElementType.TYPE, ElementType.METHOD, ElementType.CONSTRUCTOR, ElementType.FIELD, ElementType.PACKAGE})
public @interface RequiresApi {
    /** The API level required; an alias of {@link #api}. */
    int value() default 1;

    int api() default 1;
}
