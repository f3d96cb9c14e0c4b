#!/usr/bin/env python3
"""Leave-one-out scores of `ahap-render generate` on the designer dev set.

    Scripts/generate-loo.py BIN [DIR] [--tool PATH] [--grid sensitivity=0.3,0.5,0.7 ...]

Scores each clip of DIR (default ../shared/corpus/designer: NAME.wav + NAME.haptic) the way
`../shared/tools/designer-score` does (its functions are loaded from --tool, default
../shared/tools/designer-score), once per setting of the knobs in the grid (`--sensitivity`,
`--density`, on top of `--preset auto`). In-sample: the one setting with the best median F1
over all clips (ties: median r), scored on every clip. Leave-one-out: for each clip, the
setting chosen that way on the other clips only, scored on the held-out one. A knob's value
that helps in-sample but not leave-one-out is tuned to the clips, not to the material.
"""
import argparse, importlib.machinery, importlib.util, itertools, json, os, subprocess, sys, tempfile
import numpy as np

here = os.path.dirname(os.path.abspath(__file__))
ap = argparse.ArgumentParser()
ap.add_argument("bin")
ap.add_argument("dir", nargs="?", default=os.path.join(here, "../../shared/corpus/designer"))
ap.add_argument("--tool", default=os.path.join(here, "../../shared/tools/designer-score"))
ap.add_argument("--grid", action="append", default=[],
                help="KNOB=V1,V2,... (KNOB: sensitivity or density); repeatable")
ap.add_argument("--json", help="write every clip's scores per setting here")
a = ap.parse_args()

loader = importlib.machinery.SourceFileLoader("designer_score", a.tool)
spec = importlib.util.spec_from_loader("designer_score", loader)
ds = importlib.util.module_from_spec(spec)
loader.exec_module(ds)

grid = {}
for g in a.grid:
    k, v = g.split("=")
    grid[k] = v.split(",")
settings = [dict(zip(grid, vs)) for vs in itertools.product(*grid.values())] or [{}]

work = tempfile.mkdtemp()
clips = []
for hp in sorted(__import__("glob").glob(f"{a.dir}/**/*.haptic", recursive=True)):
    wav = hp[:-7] + ".wav"
    if not os.path.exists(wav): continue
    tag = os.path.relpath(hp, a.dir)[:-7].replace("/", "__")
    truth, emph = ds.lofelt_to_ahap(json.load(open(hp)))
    tpath = [f"{work}/{tag}.truth{i}.ahap" for i in (0, 1)]
    for p, d in zip(tpath, truth): json.dump(d, open(p, "w"))
    sr, x = ds.load_wav(wav)
    dur = len(x) / sr + 0.3
    clips.append(dict(name=tag, wav=wav, emph=emph, dur=dur, T=ds.render_env(a.bin, tpath, work, dur)))

def score(clip, setting):
    out = f"{work}/{clip['name']}.ours.ahap"
    args = [a.bin, "generate", clip["wav"], "-o", out, "--preset", "auto", "--force", "--quiet"]
    for k, v in setting.items(): args += [f"--{k}", v]
    r = subprocess.run(args, capture_output=True, text=True)
    if r.returncode != 0: raise RuntimeError(r.stderr.strip()[:200])
    O = ds.render_env(a.bin, out, work, clip["dur"])
    tr = ds.transients(out)
    return dict(r=ds.corr(clip["T"], O), f=ds.f1(clip["emph"], tr), n=len(tr), n_truth=len(clip["emph"]))

table = [[score(c, s) for s in settings] for c in clips]  # clip × setting

def best(indices):
    key = lambda j: (np.median([table[i][j]["f"] for i in indices]), np.median([table[i][j]["r"] for i in indices]))
    return max(range(len(settings)), key=key)

everyone = list(range(len(clips)))
chosen = best(everyone)
print(f"settings scored: {len(settings)}; in-sample choice: {settings[chosen] or 'defaults'}")
print(f"{'clip':28s} {'r in':>5s} {'F in':>5s} {'r loo':>5s} {'F loo':>5s}  emphasis designer/in/loo  loo setting")
loo = []
for i, c in enumerate(clips):
    j = best([k for k in everyone if k != i])
    s_in, s_loo = table[i][chosen], table[i][j]
    loo.append(s_loo)
    print(f"{c['name'][:28]:28s} {s_in['r']:5.2f} {s_in['f']:5.2f} {s_loo['r']:5.2f} {s_loo['f']:5.2f}  "
          f"{s_in['n_truth']}/{s_in['n']}/{s_loo['n']}  {settings[j] or 'defaults'}")
med = lambda rows, k: float(np.median([r[k] for r in rows]))
ins = [table[i][chosen] for i in everyone]
print(f"median in-sample: r {med(ins, 'r'):.3f}, F1 {med(ins, 'f'):.3f}; "
      f"leave-one-out: r {med(loo, 'r'):.3f}, F1 {med(loo, 'f'):.3f} over {len(clips)} clips")
if a.json:
    json.dump(dict(settings=settings, clips=[c["name"] for c in clips], table=table), open(a.json, "w"), indent=1)
