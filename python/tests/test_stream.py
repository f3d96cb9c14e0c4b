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


def test_properties_are_read_only_and_there_is_no_len():
    with hr.Renderer(example("AllFeatures.ahap"), layout="split", sample_rate=44100) as r:
        assert (r.channels, r.sample_rate, type(r.sample_rate), r.closed) == (4, 44100, int, False)
        assert r.frames == hr.render(example("AllFeatures.ahap"), layout="split", sample_rate=44100)[0].shape[0]
        for name in ("channels", "sample_rate", "frames", "position", "closed"):
            with pytest.raises(AttributeError):
                setattr(r, name, 1)  # a wrong channel count would size the buffers wrongly
        with pytest.raises(TypeError):
            len(r)
        assert repr(r).endswith(f"AllFeatures.ahap': 4 ch, 44100 Hz, {r.frames} frames>")


def test_blocks_iterate_the_rest():
    whole, _ = hr.render(HEARTBEAT)
    with hr.Renderer(HEARTBEAT) as r:
        head = r.render(1000)
        blocks = list(r.blocks(4096))
        assert {len(b) for b in blocks[:-1]} == {4096} and 0 < len(blocks[-1]) <= 4096
        assert list(r.blocks()) == []
    assert same_bits(np.concatenate([head, *blocks]), whole)


def test_close_is_idempotent_and_every_call_after_it_raises():
    r = hr.Renderer(HEARTBEAT)
    with r:
        pass
    assert r.closed and repr(r).endswith("Heartbeat.ahap': closed>")
    r.close()
    r.close()
    for call in (lambda: r.render(1), lambda: r.position, lambda: r.seek(0), r.reset,
                 lambda: r.push_parameter("HapticIntensityControl", 0.5), lambda: next(r.blocks())):
        with pytest.raises(ValueError, match="the Renderer is closed"):
            call()
    assert (r.channels, r.frames) != (0, 0)  # what it was stays readable
