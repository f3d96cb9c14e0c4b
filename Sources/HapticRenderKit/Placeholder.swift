import HapticPattern
import HapticRender
import SoundFile
