"""Synthesise the table sounds into ``assets/sounds/``: standard library only, fixed seeds.

Run ``python -m app.devtools.make_sounds`` to write the files and print their length,
peak and loudness; ``--check`` only compares the shipped files with a fresh render.
Card sounds are filtered noise bursts under envelopes (a flick, a slap, a sweep, a
riffle); win and loss are short plucked phrases. Every sound starts and ends on a
fade (no clicks) and is scaled to the same K-weighted loudness of its loudest 100 ms,
kept well below full scale, so no sound is louder than another or startles.
"""

from __future__ import annotations

import argparse
import io
import math
import random
import sys
import wave
from pathlib import Path

from app.feedback.sounds import SOUNDS

OUT = Path(__file__).resolve().parents[2] / "assets" / "sounds"
RATE = 22050
TARGET_DB = -24.0  # K-weighted RMS of the loudest 100 ms window, the same for every file
PEAK_LIMIT_DB = -3.0  # a sound whose peak would pass this is turned down instead
WINDOW = 0.1
FADE_IN, FADE_OUT = 0.002, 0.08  # the fade-out is shortened to a tenth of a short sound
TAPER = 0.003  # every part mixed into a sound ends on this short fade, never on a cut

Signal = list[float]


# --- building blocks -----------------------------------------------------------------------


def samples(seconds: float) -> int:
    return int(round(seconds * RATE))


def silence(seconds: float) -> Signal:
    return [0.0] * samples(seconds)


def noise(rng: random.Random, seconds: float) -> Signal:
    return [rng.uniform(-1.0, 1.0) for _ in range(samples(seconds))]


def biquad(x: Signal, kind: str, freq: float, q: float = 0.7071, gain_db: float = 0.0) -> Signal:
    """One RBJ-cookbook biquad: ``lowpass``, ``highpass``, ``bandpass`` or ``highshelf``."""
    w = 2 * math.pi * freq / RATE
    cw, sw = math.cos(w), math.sin(w)
    alpha = sw / (2 * q)
    if kind == "lowpass":
        b = ((1 - cw) / 2, 1 - cw, (1 - cw) / 2)
        a = (1 + alpha, -2 * cw, 1 - alpha)
    elif kind == "highpass":
        b = ((1 + cw) / 2, -(1 + cw), (1 + cw) / 2)
        a = (1 + alpha, -2 * cw, 1 - alpha)
    elif kind == "bandpass":  # 0 dB peak gain
        b = (alpha, 0.0, -alpha)
        a = (1 + alpha, -2 * cw, 1 - alpha)
    elif kind == "highshelf":
        g = 10 ** (gain_db / 40)
        root = 2 * math.sqrt(g) * alpha
        b = (g * ((g + 1) + (g - 1) * cw + root), -2 * g * ((g - 1) + (g + 1) * cw),
             g * ((g + 1) + (g - 1) * cw - root))
        a = ((g + 1) - (g - 1) * cw + root, 2 * ((g - 1) - (g + 1) * cw), (g + 1) - (g - 1) * cw - root)
    else:
        raise ValueError(f"unknown filter {kind!r}")
    b0, b1, b2 = (v / a[0] for v in b)
    a1, a2 = a[1] / a[0], a[2] / a[0]
    out, x1, x2, y1, y2 = [], 0.0, 0.0, 0.0, 0.0
    for v in x:
        y = b0 * v + b1 * x1 + b2 * x2 - a1 * y1 - a2 * y2
        x2, x1, y2, y1 = x1, v, y1, y
        out.append(y)
    return out


def envelope(seconds: float, attack: float, decay: float) -> Signal:
    """A smooth (sine-squared) rise over ``attack``, then an exponential fall with time constant ``decay``."""
    out = []
    for i in range(samples(seconds)):
        t = i / RATE
        if t < attack:
            out.append(math.sin(0.5 * math.pi * t / attack) ** 2)
        else:
            out.append(math.exp(-(t - attack) / decay))
    return out


def shaped(x: Signal, env: Signal, gain: float = 1.0) -> Signal:
    return [gain * a * b for a, b in zip(x, env)]


def mix(into: Signal, sig: Signal, at: float, gain: float = 1.0) -> Signal:
    sig = list(sig)
    n = min(samples(TAPER), len(sig))
    for i in range(n):
        sig[-1 - i] *= i / n
    start = samples(at)
    if start + len(sig) > len(into):
        into.extend([0.0] * (start + len(sig) - len(into)))
    for i, v in enumerate(sig):
        into[start + i] += gain * v
    return into


def tone(freq: float, seconds: float, attack: float, decay: float,
         partials: tuple[tuple[float, float], ...] = ((1, 1.0),), glide: float = 0.0) -> Signal:
    """A plucked tone: each partial (ratio, level) decays faster the higher it is; ``glide`` bends the pitch."""
    n = samples(seconds)
    out = [0.0] * n
    for ratio, level in partials:
        phase, tau = 0.0, decay / ratio ** 0.5
        for i in range(n):
            t = i / RATE
            f = freq * ratio * (1 + glide * t / seconds)
            phase += 2 * math.pi * f / RATE
            rise = math.sin(0.5 * math.pi * t / attack) ** 2 if t < attack else math.exp(-(t - attack) / tau)
            out[i] += level * rise * math.sin(phase)
    return out


# --- the sounds ----------------------------------------------------------------------------


def flick(rng: random.Random, centre: float, seconds: float, attack: float, decay: float) -> Signal:
    """Band-limited noise under an envelope: a card sliding or snapping."""
    body = biquad(biquad(noise(rng, seconds), "bandpass", centre, 0.8), "highpass", 500)
    return shaped(body, envelope(seconds, attack, decay))


def slap(rng: random.Random, seconds: float = 0.15, decay: float = 0.016) -> Signal:
    """A card laid down: a short mid-band slap over a falling low thump."""
    hit = shaped(biquad(noise(rng, seconds), "bandpass", 1400, 0.6), envelope(seconds, 0.0015, decay))
    thump = tone(180, seconds, 0.002, 0.028, glide=-0.4)
    return mix(hit, thump, 0.0, 0.6)


def deal(rng: random.Random) -> Signal:
    out = flick(rng, 3000, 0.12, 0.006, 0.022)
    snap = shaped(biquad(noise(rng, 0.02), "bandpass", 5500, 1.2), envelope(0.02, 0.001, 0.003))
    return mix(out, snap, 0.004, 0.6)


def play(rng: random.Random) -> Signal:
    return slap(rng)


def take(rng: random.Random) -> Signal:
    out = silence(0.38)
    for at, centre, gain in ((0.0, 2200, 0.7), (0.06, 2700, 0.85), (0.12, 2400, 1.0)):
        mix(out, flick(rng, centre, 0.22, 0.03, 0.035), at, gain)
    return mix(out, slap(rng, 0.13, 0.014), 0.24, 0.5)


def shuffle(rng: random.Random) -> Signal:
    out = silence(1.1)
    start, length, count = 0.05, 0.66, 46
    for k in range(count):
        at = start + length * (k + rng.uniform(-0.3, 0.3)) / count
        hump = math.sin(math.pi * (at - start) / length) ** 0.7
        tick = shaped(biquad(noise(rng, 0.006), "bandpass", 4200, 1.0), envelope(0.006, 0.0004, 0.0015))
        mix(out, tick, max(0.0, at), hump * rng.uniform(0.6, 1.0))
    bed = biquad(noise(rng, length), "bandpass", 3000, 0.7)
    bed = [v * math.sin(math.pi * i / len(bed)) for i, v in enumerate(bed)]
    mix(out, bed, start, 0.12)
    bridge = shaped(biquad(noise(rng, 0.36), "lowpass", 1800), envelope(0.36, 0.08, 0.06))
    mix(out, bridge, 0.72, 0.6)
    return mix(out, slap(rng, 0.13, 0.012), 0.95, 0.35)


def refused(rng: random.Random) -> Signal:
    out = silence(0.13)
    wood = ((1, 1.0), (2.7, 0.25))
    for at, freq in ((0.0, 520), (0.06, 390)):
        mix(out, tone(freq, 0.06, 0.001, 0.012, wood), at)
        click = shaped(biquad(noise(rng, 0.01), "lowpass", 1500), envelope(0.01, 0.0005, 0.003))
        mix(out, click, at, 0.2)
    return out


BELL = ((1, 1.0), (2, 0.35), (3, 0.12))


def win(rng: random.Random) -> Signal:
    out = silence(1.15)
    for at, freq, gain in ((0.0, 523.25, 0.7), (0.1, 659.26, 0.75), (0.2, 783.99, 0.8)):
        mix(out, tone(freq, 1.15 - at, 0.004, 0.3, BELL), at, gain)
    mix(out, tone(1046.5, 0.83, 0.004, 0.3, BELL), 0.32)
    return mix(out, tone(1318.5, 0.83, 0.004, 0.28, BELL), 0.32, 0.35)


def loss(rng: random.Random) -> Signal:
    out = silence(1.1)
    soft = ((1, 1.0), (2, 0.18), (3, 0.05))
    for at, freq, gain in ((0.0, 392.0, 0.9), (0.22, 311.13, 0.85)):
        mix(out, tone(freq, 1.1 - at, 0.012, 0.22, soft), at, gain)
    return mix(out, tone(261.63, 0.66, 0.012, 0.25, soft, glide=-0.03), 0.44)


RECIPES = {"deal": deal, "play": play, "take": take, "shuffle": shuffle, "refused": refused,
           "win": win, "loss": loss}


# --- levels --------------------------------------------------------------------------------


def db(value: float) -> float:
    return 20 * math.log10(value) if value > 0 else -math.inf


def k_weighted(x: Signal) -> Signal:
    """ITU-R BS.1770's K-weighting (a +4 dB high shelf and a 38 Hz high-pass), redesigned for RATE."""
    return biquad(biquad(x, "highshelf", 1681.97, 0.7072, 4.0), "highpass", 38.135, 0.5003)


def loudest_window_rms(x: Signal, seconds: float = WINDOW) -> float:
    n = min(len(x), samples(seconds))
    total = sum(v * v for v in x[:n])
    best = total
    for i in range(n, len(x)):
        total += x[i] * x[i] - x[i - n] * x[i - n]
        best = max(best, total)
    return math.sqrt(max(best, 0.0) / n)


def measure(x: Signal) -> dict[str, float]:
    """Length, peak, whole-file RMS and the matched loudness (all levels in dBFS)."""
    return {
        "seconds": len(x) / RATE,
        "peak_db": db(max(abs(v) for v in x)),
        "rms_db": db(math.sqrt(sum(v * v for v in x) / len(x))),
        "loudness_db": db(loudest_window_rms(k_weighted(x))),
    }


def faded(x: Signal) -> Signal:
    """Raised-cosine fades at both ends, so playback starts and stops on silence."""
    out = list(x)
    n_in, n_out = samples(FADE_IN), min(samples(FADE_OUT), len(x) // 10)
    for i in range(n_in):
        out[i] *= 0.5 - 0.5 * math.cos(math.pi * i / n_in)
    for i in range(n_out):
        out[-1 - i] *= 0.5 - 0.5 * math.cos(math.pi * i / n_out)
    return out


def render(name: str) -> Signal:
    """One sound, faded and scaled to the common loudness (peak limited), as floats in [-1, 1]."""
    x = faded(RECIPES[name](random.Random(f"hofstaat-sound-{name}")))
    gain = 10 ** (TARGET_DB / 20) / loudest_window_rms(k_weighted(x))
    peak = max(abs(v) for v in x) * gain
    gain *= min(1.0, 10 ** (PEAK_LIMIT_DB / 20) / peak)
    return [v * gain for v in x]


def pcm(x: Signal) -> list[int]:
    return [max(-32767, min(32767, int(round(v * 32767)))) for v in x]


def wav_bytes(x: Signal) -> bytes:
    buf = io.BytesIO()
    with wave.open(buf, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(b"".join(v.to_bytes(2, "little", signed=True) for v in pcm(x)))
    return buf.getvalue()


def read_pcm(path: Path) -> tuple[tuple[int, int, int], list[int]]:
    """(channels, sample width, rate) and the samples of a 16-bit WAV file."""
    with wave.open(str(path), "rb") as w:
        fmt = (w.getnchannels(), w.getsampwidth(), w.getframerate())
        data = w.readframes(w.getnframes())
    return fmt, [int.from_bytes(data[i:i + 2], "little", signed=True) for i in range(0, len(data), 2)]


def differences(directory: Path = OUT) -> list[str]:
    """What differs between the files in ``directory`` and a fresh render (empty: they match).

    Samples may differ by one step: another platform's ``math`` may round the last bit differently.
    """
    problems = []
    for name in SOUNDS:
        path = directory / f"{name}.wav"
        if not path.exists():
            problems.append(f"{name}: {path} is missing")
            continue
        fmt, shipped = read_pcm(path)
        fresh = pcm(render(name))
        if fmt != (1, 2, RATE):
            problems.append(f"{name}: format {fmt}, expected mono 16-bit {RATE} Hz")
        elif len(shipped) != len(fresh) or any(abs(a - b) > 1 for a, b in zip(shipped, fresh)):
            problems.append(f"{name}: samples differ from the generator's")
    return problems


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="make_sounds", description=__doc__.splitlines()[0])
    p.add_argument("--check", action="store_true", help="compare the shipped files instead of writing them")
    args = p.parse_args(argv)
    if args.check:
        problems = differences()
        print("\n".join(problems) or "the shipped sounds match the generator")
        return 1 if problems else 0
    OUT.mkdir(parents=True, exist_ok=True)
    total = 0
    print(f"{'sound':<9}{'seconds':>8}{'peak dBFS':>11}{'RMS dBFS':>10}{'loudness':>10}{'bytes':>8}")
    for name in SOUNDS:
        x = render(name)
        data = wav_bytes(x)
        (OUT / f"{name}.wav").write_bytes(data)
        total += len(data)
        m = measure(x)
        print(f"{name:<9}{m['seconds']:>8.3f}{m['peak_db']:>11.1f}{m['rms_db']:>10.1f}"
              f"{m['loudness_db']:>10.1f}{len(data):>8}")
    print(f"total {total} bytes in {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
