#!/usr/bin/env python3
"""Writes the IFToMM benchmark scenes A01, A04 and A05 (scenes/iftomm-*.json).

The problems of the A Coruna benchmark library (Gonzalez, Dopico, Lugris, Cuadrado 2006), kept by
the IFToMM Technical Committee for Multibody Dynamics, with the parameters of
../shared/refdata/models/iftomm/benchmarks.json (read its README). Each scene keeps the
benchmark's own frame (gravity 9.81 m/s^2 along -y), so that its output channels compare one to one
with the benchmark's reference solutions. A02 is written by `mbw-cli generate n-four-bar` (see
docs/iftomm.md); A03 is the scene andrews-squeezer.

- A01, simple pendulum: a 1 kg ball on a massless 1 m link pinned at the origin, released
  horizontally at x = +1 m from rest. The massless link is a distance joint (the ball's centre stays
  1 m from the pin); a planar joint keeps the ball in the x-y plane. The ball's spin about z is free
  and stays zero (no torque acts on it), so its inertia does not enter the motion.
- A04, Bricard's mechanism: five 1 m, 1 kg rods of 0.1 m square section (a prism's inertia) along
  the edges of a unit cube, from O = (0, 0, 0) through P1 = (1, 0, 0), P2 = (1, -1, 0),
  P3 = (1, -1, 1), P4 = (0, -1, 1) to P5 = (0, 0, 1), the ground closing the loop from P5 to O; six
  revolute joints, at O about y, P1 z, P2 x, P3 y, P4 z, P5 x (read from the OpenSim port's joint
  frames): each axis perpendicular to both rods it joins and to the next axis, all rods equal, no
  offsets along the axes, twists alternating +90 and -90 degrees: Bricard's orthogonal linkage, which
  moves with one degree of freedom although Gruebler's count gives none (one of its 30 equations
  repeats the others). Released from rest; output: P3, the joint of rods 3 and 4.
- A05, stiff flyball governor (geometry of the OpenSim port): a 1 m shaft of 0.01 m square section
  turning about the vertical y axis on a revolute joint at the origin, at 2 pi rad/s at the start
  and free; a 0.1 m cube slider on the shaft (a translational joint), its centre s = 0.5 m up;
  two 1 m rods pinned 0.05 m either side of the shaft's top, hanging 60 degrees from the shaft
  (30 degrees below the horizontal), each with a 5 kg point mass at its tip (one rigid body with the
  rod); density 3000 kg/m^3; each rod's middle tied to the slider's side, 0.05 m from the shaft, by
  a spring-damper (k = 8e5 N/m, c = 4e4 N s/m, free length 0.5 m: its length at the start). The
  whole governor starts turning rigidly with the shaft. Output: s, the slider's height.

usage: iftomm_scenes.py OUTPUT_DIR
"""
import json
import math
import sys

out_dir = sys.argv[1] if len(sys.argv) > 1 else "scenes"
GRAVITY = [0.0, -9.81, 0.0]


def write(name, scene):
    """one line per body, joint, force and output, like the other scenes"""
    lines = ["{"]
    items = list(scene.items())
    for i, (key, value) in enumerate(items):
        comma = "," if i + 1 < len(items) else ""
        if isinstance(value, list) and value and isinstance(value[0], dict):
            lines.append('  "%s": [' % key)
            for j, item in enumerate(value):
                lines.append("    " + json.dumps(item) + ("," if j + 1 < len(value) else ""))
            lines.append("  ]" + comma)
        else:
            lines.append('  "%s": %s%s' % (key, json.dumps(value), comma))
    lines.append("}")
    with open("%s/%s.json" % (out_dir, name), "w") as f:
        f.write("\n".join(lines) + "\n")


def scene(name, description):
    return {"format": "mbw-scene", "version": 1, "name": name, "description": description, "gravity": GRAVITY}


def clean(x):
    """round-off of the trigonometry written as the number it stands for"""
    for exact in (0.0, 0.5, -0.5, 1.0, -1.0):
        if abs(x - exact) < 1e-15:
            return exact
    return x


def vec(a):
    return [clean(x) for x in a]


def sub(a, b):
    return [x - y for x, y in zip(a, b)]


def add(a, b):
    return [x + y for x, y in zip(a, b)]


def scale(s, a):
    return [s * x for x in a]


def cross(a, b):
    return [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]]


def dot(a, b):
    return sum(x * y for x, y in zip(a, b))


def prism_inertia(m, length, side):
    """a prism of square section along its x axis, about its centre"""
    return [m * 2 * side * side / 12.0, m * (length * length + side * side) / 12.0,
            m * (length * length + side * side) / 12.0]


def columns(x, y):
    """the rotation matrix (rows) whose columns are x, y and x cross y"""
    z = cross(x, y)
    return [vec([x[r], y[r], z[r]]) for r in range(3)]


def in_body(R, a):
    """a world vector in the frame of rotation R (rows): R^T a"""
    return vec([sum(R[r][c] * a[r] for r in range(3)) for c in range(3)])


# ---- A01: simple pendulum --------------------------------------------------------------------------
a01 = scene("iftomm-a01-pendulum",
            "IFToMM benchmark A01, simple pendulum: a 1 kg ball on a massless 1 m link (a distance joint) "
            "pinned at the origin, kept in the x-y plane, released horizontally at x = +1 m from rest under "
            "gravity along -y; 2000 s, rows every 0.5 s (the benchmark's 4000 output steps); outputs p1_x, "
            "p1_y (the ball). Reference: the closed form with Jacobi elliptic functions (docs/iftomm.md)")
a01["bodies"] = [{"name": "P1", "mass": 1.0, "inertia": [1e-3, 1e-3, 1e-3], "position": [1.0, 0.0, 0.0],
                  "shape": {"type": "sphere", "radius": 0.05}}]
a01["joints"] = [
    {"name": "link", "type": "distance", "body_i": "ground", "body_j": "P1", "point_i": [0, 0, 0],
     "point_j": [0, 0, 0], "distance": 1.0},
    {"name": "plane", "type": "planar", "body_i": "ground", "body_j": "P1", "point_i": [0, 0, 0],
     "point_j": [0, 0, 0], "axis_i": [0, 0, 1], "axis_j": [0, 0, 1]},
]
a01["outputs"] = [{"name": "p1_x", "type": "coordinate", "body": "P1", "axis": "x"},
                  {"name": "p1_y", "type": "coordinate", "body": "P1", "axis": "y"}]
a01["settings"] = {"formulation": "rp", "integrator": "hht", "step": 1e-3, "t_end": 2000.0, "output_step": 0.5}
write(a01["name"], a01)

# ---- A04: Bricard's mechanism ---------------------------------------------------------------------
corners = [[0, 0, 0], [1, 0, 0], [1, -1, 0], [1, -1, 1], [0, -1, 1], [0, 0, 1]]
axes = [[0, 1, 0], [0, 0, 1], [1, 0, 0], [0, 1, 0], [0, 0, 1], [1, 0, 0]]
MASS, LENGTH, SIDE = 1.0, 1.0, 0.1
a04 = scene("iftomm-a04-bricard",
            "IFToMM benchmark A04, Bricard's mechanism: five 1 m, 1 kg rods of 0.1 m square section along the "
            "edges of a unit cube and six revolute joints closing the loop through the ground (one of the 30 "
            "equations repeats the others: Gruebler's count says 0 degrees of freedom, it moves with 1), "
            "released from rest under gravity along -y; 10 s, rows every 0.01 s; outputs p3_x, p3_y, p3_z "
            "(the joint of rods 3 and 4). Reference: a converged run (docs/iftomm.md)")
a04["bodies"] = []
a04["joints"] = []
for k in range(5):
    start, end = corners[k], corners[k + 1]
    along = sub(end, start)
    # body y along the hinge axis at the rod's start, perpendicular to the rod
    R = columns(along, axes[k])
    a04["bodies"].append({
        "name": "rod_%d" % (k + 1), "mass": MASS, "inertia": prism_inertia(MASS, LENGTH, SIDE),
        "position": vec(scale(0.5, add(start, end))), "orientation": {"matrix": R},
        "points": {"start": [-0.5 * LENGTH, 0, 0], "end": [0.5 * LENGTH, 0, 0]},
        "vectors": {"axis_start": in_body(R, axes[k]), "axis_end": in_body(R, axes[k + 1])},
        "shape": {"type": "box", "size": [LENGTH, SIDE, SIDE]}})
for k in range(6):
    # joint k at corner k: the ground or rod k before it, rod k+1 or the ground after it
    before = "ground" if k == 0 else "rod_%d" % k
    after = "ground" if k == 5 else "rod_%d" % (k + 1)
    joint = {"name": "R%d" % (k + 1), "type": "revolute",
             "body_i": before, "body_j": after,
             "point_i": corners[k] if before == "ground" else "end",
             "point_j": corners[k] if after == "ground" else "start",
             "axis_i": axes[k] if before == "ground" else "axis_end",
             "axis_j": axes[k] if after == "ground" else "axis_start"}
    a04["joints"].append(joint)
a04["outputs"] = [{"name": "p3_" + c, "type": "coordinate", "body": "rod_3", "point": "end", "axis": c}
                  for c in "xyz"]
a04["settings"] = {"formulation": "rp", "integrator": "hht", "step": 1e-3, "t_end": 10.0, "output_step": 0.01}
write(a04["name"], a04)

# ---- A05: stiff flyball governor ------------------------------------------------------------------
DENSITY, W = 3000.0, 0.01
shaft_mass = DENSITY * 1.0 * W * W           # 0.3 kg
slider_side = 0.1
slider_mass = DENSITY * slider_side ** 3     # 3 kg
BALL, SPIN, TILT = 5.0, 2 * math.pi, math.radians(30.0)
omega = [0.0, SPIN, 0.0]
rod_mass = shaft_mass + BALL
# the rod with its ball: centre of mass from the rod's middle, inertia about it (rod axis x)
ball_at = 0.5
com = BALL * ball_at / rod_mass
rod_I = prism_inertia(shaft_mass, 1.0, W)
transverse = rod_I[1] + shaft_mass * com ** 2 + BALL * (ball_at - com) ** 2
a05 = scene("iftomm-a05-flyball-governor",
            "IFToMM benchmark A05, stiff flyball governor (geometry of the OpenSim port): a 1 m shaft turning "
            "freely about the vertical y axis at 2 pi rad/s at the start, a 3 kg slider on it at s = 0.5 m, two "
            "1 m rods pinned either side of its top 30 deg below the horizontal with 5 kg balls at their tips, "
            "each rod's middle tied to the slider by a spring-damper (k = 8e5 N/m, c = 4e4 N s/m, free length "
            "0.5 m); 10 s, rows every 0.01 s; output s (the slider's height). Reference: a converged run "
            "(docs/iftomm.md)")
a05["bodies"] = [
    {"name": "shaft", "mass": shaft_mass, "inertia": [rod_I[1], rod_I[0], rod_I[1]], "position": [0.0, 0.5, 0.0],
     "angular_velocity": omega,
     "points": {"bottom": [0, -0.5, 0], "top_right": [0.05, 0.5, 0], "top_left": [-0.05, 0.5, 0]},
     "shape": {"type": "box", "size": [W, 1.0, W]}},
    {"name": "slider", "mass": slider_mass, "inertia": [slider_mass * 2 * slider_side ** 2 / 12.0] * 3,
     "position": [0.0, 0.5, 0.0], "angular_velocity": omega,
     "points": {"right": [0.05, 0, 0], "left": [-0.05, 0, 0]},
     "shape": {"type": "box", "size": [slider_side] * 3}},
]
for side, sign in (("right", 1.0), ("left", -1.0)):
    pivot = [sign * 0.05, 1.0, 0.0]
    along = [sign * math.cos(TILT), -math.sin(TILT), 0.0]
    middle = add(pivot, scale(0.5, along))
    R = columns(along, cross([0.0, 0.0, 1.0], along))
    a05["bodies"].append({
        "name": "rod_" + side, "mass": rod_mass, "inertia": [rod_I[0], transverse, transverse],
        "center_of_mass": [com, 0, 0], "position": vec(middle), "orientation": {"matrix": R},
        "velocity": vec(cross(omega, middle)), "angular_velocity": omega,
        "points": {"pivot": [-0.5, 0, 0], "middle": [0, 0, 0], "ball": [ball_at, 0, 0]},
        "shape": {"type": "box", "size": [1.0, W, W]}})
a05["joints"] = [
    {"name": "spin", "type": "revolute", "body_i": "ground", "body_j": "shaft", "point_i": [0, 0, 0],
     "point_j": "bottom", "axis_i": [0, 1, 0], "axis_j": [0, 1, 0]},
    {"name": "slide", "type": "translational", "body_i": "shaft", "body_j": "slider", "point_i": [0, 0, 0],
     "point_j": [0, 0, 0], "axis_i": [0, 1, 0], "axis_j": [0, 1, 0]},
    {"name": "hinge_right", "type": "revolute", "body_i": "shaft", "body_j": "rod_right", "point_i": "top_right",
     "point_j": "pivot", "axis_i": [0, 0, 1], "axis_j": [0, 0, 1]},
    {"name": "hinge_left", "type": "revolute", "body_i": "shaft", "body_j": "rod_left", "point_i": "top_left",
     "point_j": "pivot", "axis_i": [0, 0, 1], "axis_j": [0, 0, 1]},
]
a05["forces"] = [
    {"name": "spring_" + side, "type": "tsda", "body_i": "slider", "body_j": "rod_" + side, "point_i": side,
     "point_j": "middle", "stiffness": 8e5, "damping": 4e4, "free_length": 0.5}
    for side in ("right", "left")]
a05["outputs"] = [{"name": "s", "type": "coordinate", "body": "slider", "axis": "y"}]
a05["settings"] = {"formulation": "rp", "integrator": "bathe", "step": 1e-3, "t_end": 10.0, "output_step": 0.01}
write(a05["name"], a05)
