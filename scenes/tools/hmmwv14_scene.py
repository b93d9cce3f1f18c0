#!/usr/bin/env python3
"""Writes scenes/hmmwv-bump.json from ../shared/refdata/models/hmmwv14/hmmwv14_model.json.

One change to the refdata model: its stiff UCA bushing joins the point UCA_B, off the UCA's spin
axis UCA_F - UCA_U, to the chassis. The rear bushings carry 2353 N of compression at the initial
pose, which makes the idle spin of the rear UCAs unstable (a compressed strut off the axis: the
spin grows like exp(200 t) from rounding errors, reaches several rad/s by t = 0.1 s, and the
rear suspension sinks by 2-3 cm). Here each bushing's UCA end lies on the spin axis, as far from
UCA_F as UCA_B is, along the swing velocity of that point (chassis and LCA held), with the same
k, c and 0.1 m length, so the spin is exactly idle; its free length and the coil-overs' are
re-solved for static equilibrium. --refdata-bushings writes the refdata's attachment unchanged.

The refdata file lists the 14 bodies (pose and velocity at static equilibrium), the joints and the
66 constraint primitives with body-local points (centre-of-mass frames), the 12 force elements and
the bump. This script keeps every number and turns the joint list into the scene format's joints
(spherical, revolute, distance, translational, plus the steering DP2), the stiff and coil-over
TSDAs into tsda elements, the vertical tire TSDAs into tire elements on the scene's road, and adds
the chassis height as a named output. Run once; the scene file is what the program reads.

usage: hmmwv14_scene.py REFDATA_JSON OUTPUT_JSON [--refdata-bushings]
"""
import json
import re
import sys

refdata_bushings = "--refdata-bushings" in sys.argv
args = [a for a in sys.argv[1:] if not a.startswith("--")]
ref = json.load(open(args[0]))
bodies = {b["id"]: b for b in ref["bodies"]}
names = {b["id"]: b["name"].lower() for b in ref["bodies"]}
prims = [p for p in ref["constraint_primitives"] if "joint" in p]


def name(i):
    return names[i]


def prim(joint, ptype=None):
    out = [p for p in prims if p["joint"] == joint and (ptype is None or p["type"] == ptype)]
    assert out, joint
    return out


def inertia(b):
    J = b["inertia_body_frame"]
    assert all(abs(J[r][c]) < 1e-12 for r in range(3) for c in range(3) if r != c), b["name"]
    return [J[0][0], J[1][1], J[2][2]]


# the largest step: half the time a wheel needs to cross the bump as the rigid ring feels it
# (2 sqrt(2 R r + r^2) = 0.445 m at 4.4704 m/s), so that no step can pass over it unseen
R, r = 0.4699, ref["road"]["radius"]
MAX_STEP = round(0.5 * 2 * (2 * R * r + r * r) ** 0.5 / 4.4704, 2)

scene = {
    "format": "mbw-scene",
    "version": 1,
    "name": "hmmwv-bump",
    "description": (
        "Sandu et al. 2001 section 5.2: a 14-body HMMWV-like vehicle (98 coordinates, 80 constraints, "
        "18 DOF) driving straight at 10 mph over a half-cylinder bump of 0.1 m diameter; stiff "
        "UCA bushings k = 2e7 N/m, c = 2e6 N s/m; vertical tires k = 296325 N/m, c = 3502 N s/m. "
        "Data: shared/refdata/models/hmmwv14 (Project Chrono's HMMWV plus the stated "
        "assumptions; the stiff bushings' UCA ends moved onto the UCA spin axes, see "
        "scenes/tools/hmmwv14_scene.py), static equilibrium at t = 0."),
    "gravity": ref["gravity"],
    "bodies": [],
    "joints": [],
    "forces": [],
    "road": {"height": 0.0,
             "bumps": [{"shape": "half-cylinder", "center_x": ref["road"]["center_x"],
                        "radius": ref["road"]["radius"]}]},
    "outputs": [{"name": "chassis_height", "type": "coordinate", "body": "chassis",
                 "point": [0, 0, 0], "axis": "z"}],
    "settings": {"formulation": "rp", "integrator": "rn4", "step": 1e-4, "t_end": 5.0,
                 "rtol": 1e-3, "atol": 1e-3, "max_step": MAX_STEP},
}

for i in sorted(bodies):
    b = bodies[i]
    assert b["omega_init"] == [0.0, 0.0, 0.0]
    scene["bodies"].append({
        "name": name(i), "mass": b["mass"], "inertia": inertia(b),
        "position": b["r_init"], "orientation": {"euler_parameters": b["p_init"]},
        "velocity": b["rdot_init"]})

for j in ref["joints"]:
    t, jn = j["type"], j["name"].lower()
    bi, bj = j.get("body_i"), j.get("body_j")
    if t == "spherical":
        p = prim(j["name"])[0]
        scene["joints"].append({"name": jn, "type": "spherical", "body_i": name(bi), "body_j": name(bj),
                                "point_i": p["s_bar_P_i"], "point_j": p["s_bar_Q_j"]})
    elif t == "revolute":
        p = prim(j["name"], "CD")[0]
        dp1 = prim(j["name"], "DP1")
        assert all(d["a_bar_i"] == [1.0, 0.0, 0.0] for d in dp1)  # LCA x = chassis x
        scene["joints"].append({"name": jn, "type": "revolute", "body_i": name(bi), "body_j": name(bj),
                                "point_i": p["s_bar_P_i"], "point_j": p["s_bar_Q_j"],
                                "axis_i": [1, 0, 0], "axis_j": [1, 0, 0]})
    elif t == "distance":
        p = prim(j["name"])[0]
        scene["joints"].append({"name": jn, "type": "distance", "body_i": name(bi), "body_j": name(bj),
                                "point_i": p["s_bar_P_i"], "point_j": p["s_bar_Q_j"],
                                "distance": j["length"]})
    elif t == "translational":
        # the rack slides along chassis y: body i = chassis (the axis), body j = rack
        p = prim(j["name"], "DP2")[0]
        scene["joints"].append({"name": jn, "type": "translational", "body_i": name(bj), "body_j": name(bi),
                                "point_i": p["s_bar_P_i"], "point_j": p["s_bar_Q_j"],
                                "axis_i": [0, 1, 0], "axis_j": [0, 1, 0]})
    elif t == "driver_rack_y":
        p = prim("steering_driver")[0]
        scene["joints"].append({"name": "steering", "type": "dp2", "body_i": name(p["body_i"]),
                                "body_j": name(p["body_j"]), "a_i": p["a_bar_i"],
                                "point_i": p["s_bar_P_i"], "point_j": p["s_bar_Q_j"], "f": 0})
    else:
        raise ValueError(t)


# free lengths for static equilibrium at the refdata's initial pose with the moved bushings (the
# coil-overs share the load with them): solved with the engine so that the initial accelerations
# are least squares (largest 7.4e-4 m/s^2, as with the refdata's own free lengths)
EQUILIBRIUM_FREE_LENGTH = {
    "stiff_UCA_FL": 0.10000163434079005, "coilover_FL": 0.31368062306411248,
    "stiff_UCA_FR": 0.10000163434079028, "coilover_FR": 0.31368062306411448,
    "stiff_UCA_RL": 0.10011580017543879, "coilover_RL": 0.33640384566632409,
    "stiff_UCA_RR": 0.10011580017543882, "coilover_RR": 0.33640384566632425,
}


def cross(a, b):
    return [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]]


def quat_rot(p, v):
    """A(p) v for Euler parameters p = (e0, e1, e2, e3)."""
    e0, e = p[0], p[1:]
    t = [2 * x for x in cross(e, v)]
    u = cross(e, t)
    return [v[i] + e0 * t[i] + u[i] for i in range(3)]


def sub(a, b):
    return [a[i] - b[i] for i in range(3)]


def dot(a, b):
    return sum(a[i] * b[i] for i in range(3))


def unit(a):
    return [x / dot(a, a) ** 0.5 for x in a]


def on_spin_axis(f):
    """The stiff UCA bushing moved onto the UCA's spin axis (UCA_F - UCA_U), see the header."""
    uca, chassis = bodies[f["body_i"]], bodies[f["body_j"]]
    corner = f["name"].split("_")[-1]
    joint = lambda n: next(j for j in ref["joints"] if j["name"] == n)
    F = joint("UCA_chassis_" + corner)["point_global_design"]
    U = joint("UCA_spindle_" + corner)["point_global_design"]
    L = joint("LCA_spindle_" + corner)["point_global_design"]
    tierod = joint("tierod_" + corner)
    T, C = tierod["point_i_global"], tierod["point_j_global"]
    B = f["point_i_global_design"]
    # the attachment: on the axis, as far from UCA_F as the refdata's point UCA_B
    axis = unit(sub(U, F))
    P = [F[i] + dot(sub(B, F), sub(B, F)) ** 0.5 * axis[i] for i in range(3)]
    # the direction: the swing velocity of P with the chassis and the LCA held (the spindle turns
    # about the LCA ball joint keeping the tie-rod length and |U - F|)
    omega = cross(cross(sub(T, L), sub(T, C)), cross(sub(U, L), sub(U, F)))
    d = unit(cross(omega, sub(U, L)))
    Qn = [P[i] + f["length_design"] * d[i] for i in range(3)]
    conj = lambda p: [p[0], -p[1], -p[2], -p[3]]
    s_i = quat_rot(conj(uca["p_design"]), sub(P, uca["r_design"]))
    s_j = quat_rot(conj(chassis["p_design"]), sub(Qn, chassis["r_design"]))
    return s_i, s_j


for f in ref["forces"]:
    if f["type"] == "TSDA" and f["name"].startswith("stiff") and not refdata_bushings:
        s_i, s_j = on_spin_axis(f)
        scene["forces"].append({"name": f["name"].lower(), "type": "tsda", "body_i": name(f["body_i"]),
                                "body_j": name(f["body_j"]), "point_i": s_i, "point_j": s_j,
                                "stiffness": f["k"], "damping": f["c"],
                                "free_length": EQUILIBRIUM_FREE_LENGTH[f["name"]]})
    elif f["type"] == "TSDA":
        free = f["L0"] if refdata_bushings else EQUILIBRIUM_FREE_LENGTH[f["name"]]
        scene["forces"].append({"name": f["name"].lower(), "type": "tsda", "body_i": name(f["body_i"]),
                                "body_j": name(f["body_j"]), "point_i": f["s_bar_P_i"],
                                "point_j": f["s_bar_Q_j"], "stiffness": f["k"], "damping": f["c"],
                                "free_length": free})
    else:
        assert f["type"] == "tire_vertical_TSDA"
        scene["forces"].append({"name": f["name"].lower(), "type": "tire", "body": name(f["body_i"]),
                                "point": f["s_bar_P_i"], "stiffness": f["k"], "damping": f["c"],
                                "free_radius": f["L0"], "contact": "rigid-ring"})

text = json.dumps(scene, indent=2)
# one line per vector: [x, y, z]
text = re.sub(r"\[\s+([-0-9.e, \n]+?)\s+\]", lambda m: "[" + ", ".join(m.group(1).split()).replace(",,", ",") + "]", text)
with open(args[1], "w") as out:
    out.write(text + "\n")
