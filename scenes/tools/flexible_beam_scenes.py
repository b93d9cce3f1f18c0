#!/usr/bin/env python3
"""Writes scenes/flexible-four-bar.json, lateral-buckling.json and rotating-shaft.json from
../shared/refdata/models/flexible_beams/model_data.json (Bauchau et al. 2016, as the MBDyn decks
of Zhang et al. 2022 section 5.2-5.4 build them; read the refdata README, section 6, for the pitfalls).

Choices where the sources disagree (the brief and the paper's text decide):
  - four-bar: the hinge axis at C is z turned +5 deg about y (the MBDyn deck and TACS; not
    mb_sef_py's tilt about x); the nominal section masses (not the MBDyn generator's 1/3);
  - rotating shaft: the disk's inertia diag(2.0325, 1.0163, 1.0163) kg m^2 (the paper's text; the
    MBDyn deck has 1.03095 with the thickness term), its centre of mass 0.05 m off the axis along z;
  - the mass of every member lumped on the nodes by the scene's `beam` (each node the segment
    centred on it, end nodes half of one with its centre of mass a quarter segment inside: the
    MBDyn decks' rule without the shaft generator's l/8 slip).
Run-ins as in the MBDyn `_int` decks: the four-bar starts at t = -2T (two crank turns, rigid
parallelogram velocities), the shaft at -1 s with gravity ramped in by a half cosine over
[-1, -0.5] s and a viscous rod (1e4 N s/m, from (3, 0, -1) to the mid-span node) active before
-0.25 s; the shaft's spin angle is the exact integral of the spin-rate profile (Zhang et al. 2022 eq 25).

usage: flexible_beam_scenes.py REFDATA_JSON SCENES_DIR
"""
import json
import math
import sys

data = json.load(open(sys.argv[1]))
out_dir = sys.argv[2]


def v(entry):
    return entry["value"]


def num(x):
    """a number as expression text, 12 significant digits"""
    return "%.12g" % x


def section(s, shear2="GAy", shear3="GAz", bend2="EIy", bend3="EIz"):
    return {"EA": v(s["EA"]), "GA2": v(s[shear2]), "GA3": v(s[shear3]), "GJ": v(s["GJ"]),
            "EI2": v(s[bend2]), "EI3": v(s[bend3])}


def write(name, scene):
    """one line per body, beam, joint, force and output, like the other scenes"""
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


def scene(name, description, gravity):
    return {"format": "mbw-scene", "version": 1, "name": name, "description": description,
            "gravity": gravity}


# ---- flexible four-bar ---------------------------------------------------------------------------
fb = data["fourbar"]
p = {k: v(x) for k, x in fb["points"].items()}
omega = 0.6
period = 2 * math.pi / omega
thick, thin = fb["sections"]["AB_and_BC (16 x 16 mm steel)"], fb["sections"]["CD (8 x 8 mm steel)"]
tilt = math.radians(5.0)


def bar(name, a, b, s, side, velocity, angular):
    return {"name": name, "from": a, "to": b, "elements": 5, "section": section(s),
            "mass_per_length": v(s["m"]), "inertia_per_length": [v(s["J11_polar"]), v(s["J22"]), v(s["J33"])],
            "velocity": velocity, "angular_velocity": angular, "display": {"width": side, "height": side}}


vB = [omega * p["B"][1], 0, 0]  # B = A + (0, 0.12, 0) turning at -0.6 rad/s about z
s = scene("flexible-four-bar",
          "Flexible four-bar with a 5 deg assembly defect at C (Bauchau et al. 2016; Zhang et al. 2022 section 5.2): "
          "steel bars AB, BC (16 mm square) and CD (8 mm square), 5 three-node beam elements each; the crank AB "
          "turns at -0.6 rad/s about z from t = -2T (two turns of run-in, rigid-parallelogram velocities), no gravity. "
          "Sensors: theta_c (rotation about x at C, zxy angles) and bc.10.wx. data: shared/refdata/models/flexible_beams",
          [0, 0, 0])
s["bodies"] = []
# node frames: x along the bar, z = world z (the hinges' axis), y = z x x
s["beams"] = [bar("ab", p["A"], p["B"], thick, 0.016, [0, 0, 0], [0, 0, -omega]),
              bar("bc", p["B"], p["C"], thick, 0.016, vB, [0, 0, 0]),
              bar("cd", p["C"], p["D"], thin, 0.008, vB, [0, 0, -omega])]
# the hinge at C, z turned +5 deg about y: (sin 5, 0, cos 5) in the world and bc's frame; cd's
# frame has x = -y_W, y = x_W, z = z_W
s["joints"] = [
    {"name": "pin-a", "type": "revolute", "body_i": "ground", "body_j": "ab.0", "point_i": p["A"], "point_j": [0, 0, 0],
     "axis_i": [0, 0, 1], "axis_j": [0, 0, 1]},
    {"name": "crank", "type": "angle-driver", "body_i": "ground", "body_j": "ab.0", "u_i": [0, 1, 0], "v_i": [-1, 0, 0],
     "a_j": [1, 0, 0], "angle": "-0.6*t"},
    {"name": "pin-b", "type": "revolute", "body_i": "ab.10", "body_j": "bc.0", "point_i": [0, 0, 0], "point_j": [0, 0, 0],
     "axis_i": [0, 0, 1], "axis_j": [0, 0, 1]},
    {"name": "pin-c", "type": "revolute", "body_i": "bc.10", "body_j": "cd.0", "point_i": [0, 0, 0], "point_j": [0, 0, 0],
     "axis_i": [math.sin(tilt), 0, math.cos(tilt)], "axis_j": [0, math.sin(tilt), math.cos(tilt)]},
    {"name": "pin-d", "type": "revolute", "body_i": "cd.10", "body_j": "ground", "point_i": [0, 0, 0], "point_j": p["D"],
     "axis_i": [0, 0, 1], "axis_j": [0, 0, 1]}]
s["outputs"] = [
    {"name": "theta_c", "type": "euler-angle", "body": "bc.10", "sequence": "zxy", "about": "x"},
    {"name": "crank_angle", "type": "angle", "body_i": "ground", "body_j": "ab.0", "axis_i": [0, 0, -1],
     "reference_i": [0, 1, 0], "reference_j": [1, 0, 0]},
    {"name": "ab_mid", "type": "beam-section", "beam": "ab", "position": 0.06}]
s["settings"] = {"formulation": "rA", "integrator": "lms3", "step": 0.004, "t_start": -2 * period, "t_end": 12,
                 "record_from": 0}
write("flexible-four-bar", s)

# ---- lateral buckling -----------------------------------------------------------------------------
lb = data["lateral_buckling"]
p = {k: v(x) for k, x in lb["points"].items()}
d = v(lb["lengths"]["d"])
T = v(lb["drive"]["T"])
secs = lb["sections"]


def member(name, a, b, n, s, iso, display):
    sec = section(s, "GA", "GA", "EI", "EI") if iso else section(s)
    return {"name": name, "from": a, "to": b, "elements": n, "section": sec, "mass_per_length": v(s["m"]),
            "inertia_per_length": [v(s["J11"]), v(s["J22"]), v(s["J33"])], "display": display}


s = scene("lateral-buckling",
          "Lateral buckling of a thin beam (Bauchau et al. 2016; Zhang et al. 2022 section 5.3): an aluminium strip "
          "(100 x 10 mm, stiff along z) clamped at x = 0, its tip pushed up through a spherical joint 0.1 mm off "
          "its plane by a link and a crank turned by pi (half-cosine ramp over T = 0.4 s); 5, 1 and 1 three-node "
          "elements. Sensors: theta_mid (rotation about x at mid-span, zxy angles), beam.5.wx, mid.F3. "
          "data: shared/refdata/models/flexible_beams",
          [0, 0, 0])
s["bodies"] = []
# beam along x: frames = world (axis 2 = y thin, axis 3 = z deep); link down -z: frames
# (-z_W, y_W, x_W); crank G -> B along +x: frames = world
s["beams"] = [member("beam", p["R"], p["T"], 5, secs["beam"], False, {"width": 0.01, "height": 0.1}),
              member("link", p["C"], p["B"], 1, secs["link"], True, {"radius": 0.012}),
              member("crank", p["G"], p["B"], 1, secs["crank"], True, {"radius": 0.024})]
s["joints"] = [
    {"name": "clamp", "type": "fixed", "body_i": "ground", "body_j": "beam.0", "point_i": p["R"], "point_j": [0, 0, 0]},
    {"name": "ball-c", "type": "spherical", "body_i": "beam.10", "body_j": "link.0", "point_i": [0, d, 0],
     "point_j": [0, 0, 0]},
    {"name": "pin-b", "type": "revolute", "body_i": "link.2", "body_j": "crank.2", "point_i": [0, 0, 0],
     "point_j": [0, 0, 0], "axis_i": [0, 1, 0], "axis_j": [0, 1, 0]},
    {"name": "pin-g", "type": "revolute", "body_i": "ground", "body_j": "crank.0", "point_i": p["G"],
     "point_j": [0, 0, 0], "axis_i": [0, 1, 0], "axis_j": [0, 1, 0]},
    # the crank turns by phi about -y: B first rises (+z)
    {"name": "crank-drive", "type": "angle-driver", "body_i": "ground", "body_j": "crank.0", "u_i": [1, 0, 0],
     "v_i": [0, 0, 1], "a_j": [1, 0, 0],
     "angle": {"piecewise": [{"until": T, "f": "pi/2*(1 - cos(pi*t/%s))" % num(T)}, {"f": "pi"}]}}]
s["outputs"] = [
    {"name": "theta_mid", "type": "euler-angle", "body": "beam.5", "sequence": "zxy", "about": "x"},
    {"name": "mid", "type": "beam-section", "beam": "beam", "position": 0.5},
    {"name": "link_mid", "type": "beam-section", "beam": "link", "position": 0.125}]
s["settings"] = {"formulation": "rA", "integrator": "lms3", "step": 0.001, "t_end": 2 * T}
write("lateral-buckling", s)

# ---- rotating shaft -------------------------------------------------------------------------------
rs = data["rotating_shaft"]
L = v(rs["geometry"]["L"])
sec = rs["section"]
disk = rs["disk"]
drive = rs["drive"]
A1, A2, T1, T2, T3, W = (v(drive[k]) for k in ("A1", "A2", "T1", "T2", "T3", "W"))
tg = v(rs["time"]["TG_int"])
offset = v(rs["geometry"]["disk_CM"])[2]
rate = {"piecewise": [
    {"until": 0, "f": "0"},
    {"until": T1, "f": "%s*(1 - cos(pi*t/%s))" % (num(A1 * W / 2), num(T1))},
    {"until": T2, "f": num(A1 * W)},
    {"until": T3, "f": "%s + %s*(1 - cos(pi*(t - %s)/%s))" % (num(A1 * W), num((A2 - A1) * W / 2), num(T2), num(T3 - T2))},
    {"f": num(A2 * W)}]}
s = scene("rotating-shaft",
          "Rotating shaft with an unbalanced disk (Bauchau et al. 2016; Zhang et al. 2022 section 5.4): a 6 m hollow steel "
          "tube, 16 three-node elements, a revolute at x = 0 driven by the spin-rate profile of Zhang et al. 2022 eq 25 "
          "(integrated exactly to the angle) and a cylindrical joint at x = 6 m; a 70.573 kg disk welded to the "
          "mid-span node, its centre of mass 0.05 m off the axis. From t = -1 s: gravity ramped in over [-1, -0.5] s "
          "and a viscous rod holding the mid-span node until -0.25 s. Sensors: shaft.16.z, .vz, .az (u3, v3, a3). "
          "data: shared/refdata/models/flexible_beams",
          [0, 0, -v(rs["gravity"])])
s["gravity_factor"] = {"piecewise": [{"until": tg, "f": "0"}, {"until": tg / 2, "f": "(1 - cos(pi*(t + %s)/%s))/2" % (num(-tg), num(-tg / 2))},
                                     {"f": "1"}]}
s["bodies"] = [{"name": "disk", "mass": v(disk["mass"]), "inertia": v(disk["inertia_paper"]),
                "position": [L / 2, 0, offset],
                "shape": {"type": "cylinder", "radius": v(disk["radius"]), "length": v(disk["thickness"]),
                          "axis": [1, 0, 0]}}]
s["beams"] = [{"name": "shaft", "from": [0, 0, 0], "to": [L, 0, 0], "elements": v(rs["discretisation"]),
               "section": section(sec, "GA", "GA", "EI", "EI"), "mass_per_length": v(sec["m"]),
               "inertia_per_length": [v(sec["J11"]), v(sec["J22"]), v(sec["J33"])], "display": {"radius": 0.05}}]
s["joints"] = [
    {"name": "bearing-r", "type": "revolute", "body_i": "ground", "body_j": "shaft.0", "point_i": [0, 0, 0],
     "point_j": [0, 0, 0], "axis_i": [1, 0, 0], "axis_j": [1, 0, 0]},
    {"name": "spin", "type": "angle-driver", "body_i": "ground", "body_j": "shaft.0", "u_i": [0, 1, 0],
     "v_i": [0, 0, 1], "a_j": [0, 1, 0], "angle": {"rate": rate}},
    {"name": "bearing-t", "type": "cylindrical", "body_i": "ground", "body_j": "shaft.32", "point_i": [L, 0, 0],
     "point_j": [0, 0, 0], "axis_i": [1, 0, 0], "axis_j": [1, 0, 0]},
    {"name": "disk-weld", "type": "fixed", "body_i": "shaft.16", "body_j": "disk", "point_i": [0, 0, 0],
     "point_j": [0, 0, -offset]}]
s["forces"] = [{"name": "settling-rod", "type": "tsda", "body_i": "ground", "body_j": "shaft.16",
                "point_i": [L / 2, 0, -1], "point_j": [0, 0, 0], "damping": 1e4, "free_length": 1,
                "active_until": tg / 4}]
s["outputs"] = [{"name": "mid", "type": "beam-section", "beam": "shaft", "position": L / 2}]
s["settings"] = {"formulation": "rA", "integrator": "lms3", "step": 0.001, "t_start": tg, "t_end": 2 * T3,
                 "record_from": 0}
write("rotating-shaft", s)
