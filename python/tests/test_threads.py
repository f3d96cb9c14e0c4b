"""One Renderer shared by real threads never crashes the interpreter: renders take turns and
each gets the next frames, close() waits for a render or push in progress, pushes from
several threads take turns. Each scenario runs in a child interpreter, so a crash is a
failed test (with its signal) rather than the end of the test run."""

import collections
import os
import subprocess
import sys
import threading

import numpy as np

import hapticrender as hr
from conftest import example

HEARTBEAT = example("Heartbeat.ahap")
ALL_FEATURES = example("AllFeatures.ahap")  # haptics and custom audio: the most state per block
BLOCK = 128


def run_isolated(scenario):
    """Runs ``scenario`` (a function of this module) in a child interpreter."""
    package = os.path.dirname(os.path.dirname(hr.__file__))
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([os.path.dirname(__file__), package]))
    result = subprocess.run([sys.executable, "-c", f"import test_threads; test_threads.{scenario.__name__}()"],
                            env=env, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, f"{scenario.__name__}: exit {result.returncode}\n{result.stdout}{result.stderr}"
    assert "ok" in result.stdout.split()


def threads_render_one_renderer_in_turns():
    whole, _ = hr.render(ALL_FEATURES, layout="split", loops=5)
    expected = collections.Counter(whole[i:i + BLOCK].tobytes() for i in range(0, len(whole), BLOCK))
    blocks = []
    with hr.Renderer(ALL_FEATURES, layout="split", loops=5) as r:
        def pull():
            while len(block := r.render(BLOCK)):
                blocks.append(block)

        threads = [threading.Thread(target=pull) for _ in range(4)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert r.position == r.frames
    # Every block of the render exactly once, none torn or repeated.
    assert collections.Counter(b.tobytes() for b in blocks) == expected, "blocks differ from the whole render"
    print("ok")


def close_waits_for_renders_in_progress():
    for _ in range(20):
        r = hr.Renderer(HEARTBEAT, loops=200)
        started = threading.Event()
        outcome = []

        def pull():
            try:
                while True:
                    started.set()
                    if not len(r.render(48000)):
                        r.reset()
            except ValueError as error:
                outcome.append(str(error))

        threads = [threading.Thread(target=pull) for _ in range(2)]
        for t in threads:
            t.start()
        started.wait()
        r.close()
        assert r.closed
        for t in threads:
            t.join(timeout=60)
            assert not t.is_alive()
        assert outcome == ["the Renderer is closed"] * 2, outcome
        r.close()  # again: nothing happens
    print("ok")


def close_waits_for_pushes_in_progress():
    for _ in range(20):
        r = hr.Renderer(HEARTBEAT, loops=200)
        started = threading.Event()
        outcome = []

        def push():
            try:
                k = 0
                while True:
                    started.set()
                    try:
                        r.push_parameter("HapticIntensityControl", (k % 10) / 10, at=k / 1000)
                    except hr.QueueFullError:
                        pass
                    k += 1
            except ValueError as error:
                outcome.append(str(error))

        def pull():
            try:
                while len(r.render(512)):
                    pass
            except ValueError as error:
                outcome.append(str(error))

        threads = [threading.Thread(target=push) for _ in range(2)] + [threading.Thread(target=pull)]
        for t in threads:
            t.start()
        started.wait()
        r.close()
        for t in threads:
            t.join(timeout=60)
            assert not t.is_alive()
        assert outcome.count("the Renderer is closed") >= 2, outcome
    print("ok")


def test_threads_render_one_renderer_in_turns():
    run_isolated(threads_render_one_renderer_in_turns)


def test_close_waits_for_renders_in_progress():
    run_isolated(close_waits_for_renders_in_progress)


def test_close_waits_for_pushes_in_progress():
    run_isolated(close_waits_for_pushes_in_progress)


def test_pushes_from_two_threads_while_rendering_apply_in_order():
    # Two producers push the same value at the same times: the result is the single-producer
    # render (a lost or torn push would change it).
    times = [k / 100 for k in range(1, 200)]
    with hr.Renderer(HEARTBEAT, layout="haptic") as alone:
        for t in times:
            alone.push_parameter("HapticIntensityControl", 0.25, at=t)
        reference = np.concatenate(list(alone.blocks(512)))
    with hr.Renderer(HEARTBEAT, layout="haptic") as r:
        producers = [threading.Thread(target=lambda: [r.push_parameter("HapticIntensityControl", 0.25, at=t)
                                                      for t in times]) for _ in range(2)]
        for p in producers:
            p.start()
        for p in producers:
            p.join()
        streamed = np.concatenate(list(r.blocks(512)))
    assert np.array_equal(streamed.view(np.uint32), reference.view(np.uint32))
