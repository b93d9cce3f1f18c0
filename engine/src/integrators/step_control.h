#pragma once
// Error norms and step-size proposals of the variable-step schemes (LMS2, the ESDIRKs).
//
// Error norm of a step of size h with local error estimates e_q (position increments, nv) and
// e_v (velocities), a root mean square over all components of
//     e_q,i / (atol + rtol |q_i|)     and     h e_v,i / (atol + rtol h |v_i|)
// (velocities are index-2 variables of the index-3 DAE: their errors count multiplied by h, as in
// Hairer and Wanner's codes for higher-index problems). |q_i| is used where position coordinates
// and increments have the same layout (rp, rE); rotation increments on SO(3) (rA) use atol alone.
// A step is accepted when the norm is at most 1.
//
// New step h_new = h min(f_max, max(f_min, fac err^(-1/(k+1)))) with k the order of the
// estimate and fac, f_min, f_max the settings' safety and step factors (seed 000 eq 16; f_max = 1
// right after a rejection), limited by settings.maxStep.

#include "formulation/formulation.h"
#include "integrators/integrator.h"

namespace mbw {

double weightedErrorNorm(const Formulation& f, const VectorXd& errorQ, const VectorXd& q,
                         const VectorXd& errorV, const VectorXd& v, double h,
                         const IntegratorSettings& settings);

double proposeStep(double h, double errorNorm, int estimateOrder, bool afterRejection,
                   const IntegratorSettings& settings);

}  // namespace mbw

namespace mbw {

// Marks r as rejected for `reason` (detail: the numbers) with the next step `next`, or as failed
// when `next` is below settings.minStep.
void rejectStep(StepResult& r, const std::string& reason, const std::string& detail, double next,
                const IntegratorSettings& settings);

}  // namespace mbw
