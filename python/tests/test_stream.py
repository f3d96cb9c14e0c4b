"""hapticrender.Renderer: streaming equals the one-shot render; pushed parameters equal
`render --param`; seek and reset."""
import threading

import numpy as np
import pytest

import hapticrender as hr
from conftest import example, same_bits

HEARTBEAT = example("Heartbeat.ahap")


def drain(renderer, block):
    blocks = []
    while len(chunk := renderer.render(block)):
        blocks.append(chunk)
    return np.concatenate(blocks)


@pytest.mark.parametrize("block", [1000, 4096, 100_000])
def test_blocks_equal_the_one_shot_render(block):
    whole, rate = hr.render(example("AllFeatures.ahap"), layout="split")
    with hr.Renderer(example("AllFeatures.ahap"), layout="split") as r:
        assert (r.channels, r.sample_rate, r.frames) == (4, rate, whole.shape[0])
        streamed = drain(r, block)
        end = r.render(block)
        assert end.shape == (0, 4) and end.dtype == np.float32
        assert r.position == r.frames
    assert same_bits(streamed, whole)


def test_pushed_parameters_equal_the_cli_param(cli_render):
    # Heartbeat's intensity curve runs 0.8-1.3 s; the pushes are outside it (a pushed value
    # holds until the next scheduled change of its ID).
    reference = cli_render(HEARTBEAT, "--layout", "haptic", "--param", "HapticSharpnessControl=-0.6@0.25",
                           "--param", "HapticIntensityControl=0.3@0.5", "--param", "HapticIntensityControl=0.5@1.4")
    plain, _ = hr.render(HEARTBEAT, layout="haptic")
    with hr.Renderer(HEARTBEAT, layout="haptic") as r:
        head = r.render(4800)  # 0.1 s rendered before the pushes
        r.push_parameter("HapticSharpnessControl", -0.6, at=0.25)
        r.push_parameter("HapticIntensityControl", 0.3, at=0.5)
        r.push_parameter("hapticintensitycontrol", 0.5, at=1.4)
        streamed = np.concatenate([head, drain(r, 512)])
    assert same_bits(streamed, reference)
    assert not same_bits(streamed, plain)


def test_push_from_another_thread_while_rendering():
    with hr.Renderer(HEARTBEAT) as r:
        def producer():
            for k in range(500):
                r.push_parameter("HapticIntensityControl", (k % 10) / 10, at=k / 300)
        thread = threading.Thread(target=producer)
        thread.start()
        samples = drain(r, 256)
        thread.join()
    assert samples.shape == (r.frames, 2) and np.all(np.isfinite(samples))


def test_seek_and_reset():
    with hr.Renderer(HEARTBEAT) as r:
        whole = drain(r, 4096)
        r.reset()
        assert r.position == 0 and same_bits(drain(r, 999), whole)
        r.seek(0.5)
        assert r.position == 24000
        tail = drain(r, 512)
        assert tail.shape[0] == r.frames - 24000
        r.seek(0.5)
        assert same_bits(drain(r, 77), tail)
        r.seek(1000)
        assert r.render(10).shape == (0, 2)


def test_invalid_use_raises():
    r = hr.Renderer(HEARTBEAT)
    with pytest.raises(hr.HapticRenderError, match="HapticAttackTimeControl. is not a runtime parameter"):
        r.push_parameter("HapticAttackTimeControl", 0.5)
    with pytest.raises(ValueError):
        r.render(-1)
    r.close()
    with pytest.raises(ValueError, match="closed"):
        r.render(10)
