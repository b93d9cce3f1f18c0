// Multi-sub-step methods MSSTC(n) and MSSTH(n) as (n+1)-stage ESDIRKs
// (../shared/refdata/integrators/msst.md: MBDyn develop 59e50fa6, multistagestepsol_impl.cc).
// MBDyn tabulates the diagonal gamma (and for MSSTH(4,5) the stage times) for
// rho_inf = 0, 0.1, ..., 1; the MSSTC and MSSTH(3) weights follow in closed form from gamma.

#include <cmath>
#include <sstream>
#include <stdexcept>

#include "integrators/butcher_tableau.h"

namespace mbw {
namespace {

// --- MBDyn's tables ------------------------------------------------------------------------------

// gamma for rho_inf = 0, 0.1, ..., 1 (MBDyn literals)
const double kMsstc3Gamma[11] = {
    0.1804253064293983299659629, 0.1786194582046580769940647, 0.1769458066182237054864146,
    0.1753855158428457572394876, 0.1739236078771971283352116, 0.1725479614220893076481644,
    0.1712486185906910429732619, 0.1700172917724764587443786, 0.1688470046791676892894429,
    0.1677318257568867765350262, 0.1666666666666666666666667};
const double kMsstc4Gamma[11] = {
    0.1313787367304988795702059, 0.1305486209465960556475039, 0.1297775838187009977975350,
    0.1290572072571367356896843, 0.1283808049199898215775306, 0.1277429705569184392732751,
    0.1271392659020577631245885, 0.1265659990831402292865704, 0.1260200635863823193094646,
    0.1254988188303918228427847, 0.1250000000000000000000000};
const double kMsstc5Gamma[11] = {0.103557108920215,
                                 0.103095631511675,
                                 0.102666675025093,
                                 0.102265594492185,
                                 0.101888703879882,
                                 0.101533025147874,
                                 0.101196115073181,
                                 0.100875942445807,
                                 0.100570798918745,
                                 0.100279232954742,
                                 0.1};
const double kMssth3Gamma[11] = {
    0.4358665215084596700201303, 0.4214868154094094654382729, 0.4085007895129219579466451,
    0.3966472091211337147598215, 0.3857310004608353604105275, 0.3756022250152853403371012,
    0.3661428101033469273417609, 0.3572578119672340513091058, 0.3488694530748691624566504,
    0.3409129227719289167986005, 0.3333333333333333333333333};

// MSSTH(4) and MSSTH(5): the published tableaux, rows below the explicit stage (msst.md)
struct PublishedTableau {
  double rhoInf;
  std::vector<std::vector<double>> rows;
};
const PublishedTableau kMssth4[] = {
    {0.0,
     {{0.5728160624821350133117903, 0.5728160624821350133117903},
      {0.1294044038342493007518339, -0.1431218908934425835483700, 0.5728160624821350133117903},
      {0.03782251467803633957648620, -0.3801280074375672000510104, 0.5108905967607612507771478,
       0.5728160624821350133117903},
      {0.1653962344208858006631494, -0.1529773984857079773193992, 1.124874689496180709981632,
       -0.7101095879134935466371726, 0.5728160624821350133117903}}},
    {0.6,
     {{0.4541307850365287057670116, 0.4541307850365287057670116},
      {0.3863144364343936543444018, -0.05200820994991874459946078, 0.4541307850365287057670116},
      {0.3971646673410620385919002, -0.07464981002354877822950287, 0.03732061058787152673935509,
       0.4541307850365287057670116},
      {0.2107333554756485923284975, 1.839005803913377022426713, 15.68122192492696258733749,
       -17.18509186935251690785972, 0.4541307850365287057670116}}},
    {1.0,
     {{0.3943375672974065437870195, 0.3943375672974065437870195},
      {0.4822847323738798688799210, 0.1768580414990003175032995, 0.3943375672974065437870195},
      {0.3872784899377951530546272, -0.02180030651762209381046964, 0.009114785544125663345332370,
       0.3943375672974065437870195},
      {0.2105742827744150055132622, -12.71457805037164992374086, 0.1859475050570166722250561,
       12.92371869524281170221552, 0.3943375672974065437870195}}}};
const PublishedTableau kMssth5[] = {
    {0.0,
     {{0.2780538411364499307154574, 0.2780538411364499307154574},
      {-0.1370449055640518133371598, -0.04100893557239811737829757, 0.2780538411364499307154574},
      {11.19636100339712354833290, 2.739703662221516939547091, -13.24679264619792079300897,
       0.2780538411364499307154574},
      {-6.168366038634416911284113, -0.5375228099710074096312285, 7.712023554029348685200132,
       -0.1440542833162287212211828, 0.2780538411364499307154574},
      {-0.03886193664298453792262139, 0.5255192958828375903174174, 0.3329965200397144811408294,
       -0.04514311193767258229597171, -0.05256460847834488195511107, 0.2780538411364499307154574}}},
    {0.6,
     {{0.2574960298566747463056004, 0.2574960298566747463056004},
      {-0.1172049174126946537661424, -0.04029111244398009253945798, 0.2574960298566747463056004},
      {-19.80964614646267052192261, -4.770636438944243691476443, 24.96078383460631175326758,
       0.2574960298566747463056004},
      {-0.4585785852648948110219485, 0.4975705856945638962099809, 0.7996960605439546728820958,
       0.07428620873251017597350646, 0.2574960298566747463056004},
      {0.003978956453335466237791899, 0.5250690227240335926463313, 0.2542766483925858650247934,
       0.01042438745249189322595706, -0.05124504487912156344047402, 0.2574960298566747463056004}}},
    {1.0,
     {{0.2465051931428201559270974, 0.2465051931428201559270974},
      {-0.1066469673104400252253605, -0.03985822583238013070173689, 0.2465051931428201559270974},
      {0.5394807550112844603860477, 0.06183594227909322219615844, -0.3942046327644422916249053,
       0.2465051931428201559270974},
      {-0.2121082993804422713186022, 5.272683383774258806074154, 0.9135606265453982559235110,
       -5.042733167468590002110506, 0.2465051931428201559270974},
      {-0.01747600470508682636532188, 1.059956817426721598434968, 0.2985241621931961465671327,
       -0.5427455618347377346881261, -0.04476460622291333987575025, 0.2465051931428201559270974}}}};

// --- building the tableaux -----------------------------------------------------------------------

std::string methodName(bool higher, int n) {
  return std::string(higher ? "MSSTH(" : "MSSTC(") + std::to_string(n) + ")";
}

// a rho_inf off the table: the error lists the tabulated values
[[noreturn]] void refuse(bool higher, int n, double rho) {
  std::ostringstream os;
  os << methodName(higher, n) << " is tabulated for rho_inf in {";
  const std::vector<double> values = msstRhoInfValues(higher, n);
  for (size_t i = 0; i < values.size(); ++i) os << (i ? ", " : "") << values[i];
  os << "}, got " << rho;
  throw std::invalid_argument(os.str());
}

// index k with rho = k / 10
int tableIndex(bool higher, int n, double rho) {
  const long k = std::lround(10.0 * rho);
  // rho_inf must be a tenth, within 1e-6
  if (k < 0 || k > 10 || std::abs(rho - k / 10.0) > 1e-6) refuse(higher, n, rho);
  return static_cast<int>(k);
}

// stages 2..n: composite trapezoidal sub-steps of length 2 g h; last row: the weights w
ButcherTableau msstc(double g, const std::vector<double>& w) {
  const int n = static_cast<int>(w.size());
  std::vector<std::vector<double>> rows;
  // row i: g at both ends and 2 g between (the trapezoidal sub-steps)
  for (int i = 1; i < n; ++i) {
    std::vector<double> row(i + 1, 2.0 * g);
    row.front() = row.back() = g;
    rows.push_back(row);
  }
  // the last row: the weights, then gamma on the diagonal
  std::vector<double> last = w;
  last.push_back(g);
  rows.push_back(last);
  return tableauFromRows(rows);
}

}  // namespace

// MSSTH(4) and MSSTH(5) are published for three values, the others at every tenth
std::vector<double> msstRhoInfValues(bool higherOrder, int n) {
  if (higherOrder && n >= 4) return {0.0, 0.6, 1.0};
  std::vector<double> v;
  for (int k = 0; k <= 10; ++k) v.push_back(k / 10.0);
  return v;
}

ButcherTableau msstcTableau(int n, double rho) {
  const int k = tableIndex(false, n, rho);
  ButcherTableau t;
  // MSSTC(3): the weights in closed form from gamma and rho_inf
  if (n == 3) {
    const double g = kMsstc3Gamma[k];
    t = msstc(g, {((2 * rho - 6) * g * g + 8 * g - 1) / (8 * g), (1 - (1 + rho) * g) / 2,
                  (2 * (1 + rho) * g * g - 4 * g + 1) / (8 * g)});
  } else if (n == 4) {
    // MSSTC(4): the same, over the common denominator Q
    const double g = kMsstc4Gamma[k], g2 = g * g, g3 = g2 * g, g4 = g3 * g;
    const double Q = 64 * g2 * (1 - 4 * g);
    t = msstc(g, {((40 * rho + 216) * g4 - (8 * rho + 376) * g3 + 144 * g2 - 20 * g + 1) / Q,
                  -(104 * (rho - 1) * g4 - (24 * rho - 88) * g3 + 16 * g2 - 12 * g + 1) / Q,
                  -((88 - 88 * rho) * g4 + (24 * rho - 216) * g3 + 112 * g2 - 20 * g + 1) / Q,
                  ((24 - 24 * rho) * g4 + (8 * rho - 72) * g3 + 48 * g2 - 12 * g + 1) / Q});
  } else if (n == 5) {
    // MSSTC(5): the weights through the auxiliary d1..d5 of MBDyn's closed form
    const double g = kMsstc5Gamma[k], g2 = g * g, g3 = g2 * g, g4 = g3 * g;
    const double d1 = 1 - 5 * g, d2 = 10 * g2 - 5 * g + 0.5;
    const double root =
        std::sqrt(2 * (64 * (5 * rho + 805) * g4 * g2 - 32 * (2 * rho + 2050) * g4 * g +
                       34560 * g4 - 9600 * g3 + 1480 * g2 - 120 * g + 4));
    const double d3 = -(400 * g3 - 280 * g2 + 60 * g - 4 + root) / 8;
    const double d4 = -(720 * g4 - 800 * g3 + 280 * g2 + (80 * d3 - 40) * g - 16 * d3 + 2) / 16;
    const double d5 = rho * g4 * g;
    t = msstc(
        g,
        {15 * g / 16 + d1 / 16 - d2 / (16 * g) + d3 / (16 * g2) - d4 / (16 * g3) + d5 / (16 * g4),
         13 * g / 8 + d1 / 4 - d2 / (8 * g) + d4 / (8 * g3) - d5 / (4 * g4),
         g + 3 * d1 / 8 - d3 / (8 * g2) + 3 * d5 / (8 * g4),
         3 * g / 8 + d1 / 4 + d2 / (8 * g) - d4 / (8 * g3) - d5 / (4 * g4),
         g / 16 + d1 / 16 + d2 / (16 * g) + d3 / (16 * g2) + d4 / (16 * g3) + d5 / (16 * g4)});
  } else {
    throw std::invalid_argument("MSSTC(n) exists for n = 3, 4, 5");
  }
  // every MSSTC is of order 2, whatever its stages
  t.name = methodName(false, n);
  t.source =
      "MBDyn Msstc" + std::to_string(n) + "Solver (msst.md): tabulated gamma, closed-form weights";
  t.order = 2;
  return t;
}

ButcherTableau mssthTableau(int n, double rho) {
  ButcherTableau t;
  // MSSTH(3): the third stage's time c3 and the weights in closed form from gamma
  if (n == 3) {
    const double g = kMssth3Gamma[tableIndex(true, n, rho)];
    const double c3 = (24 * g * g - 20 * g + 3) / (24 * g * g - 24 * g + 4);
    const double a32 = c3 * (c3 - 2 * g) / (4 * g), a31 = c3 - g - a32;
    const double b2 = (3 * c3 + 6 * g - 6 * c3 * g - 2) / (12 * g * (c3 - 2 * g));
    const double b3 = (6 * g * g - 6 * g + 1) / (3 * c3 * (c3 - 2 * g));
    // the rows below the explicit first stage; the last holds the weights and gamma
    t = tableauFromRows({{g, g}, {a31, a32, g}, {1 - g - b2 - b3, b2, b3, g}});
    t.source = "MBDyn Mssth3Solver (msst.md): tabulated gamma, closed-form c3 and weights";
  } else if (n == 4 || n == 5) {
    // MSSTH(4) and MSSTH(5): the published tableau of the given rho_inf, its last stage predicted
    // to fourth order
    // the table entry of this rho_inf; any other value is refused
    const PublishedTableau* found = nullptr;
    for (const PublishedTableau& p : n == 4 ? kMssth4 : kMssth5)
      if (std::abs(p.rhoInf - rho) < 1e-6) found = &p;
    if (!found) refuse(true, n, rho);
    t = tableauFromRows(found->rows);
    t.source = "MBDyn Mssth" + std::to_string(n) + "Solver, evaluated in msst.md (25 digits)";
    t.lastStagePredictorOrder = 4;
  } else {
    throw std::invalid_argument("MSSTH(n) exists for n = 3, 4, 5");
  }
  // MSSTH(n) is of order n
  t.name = methodName(true, n);
  t.order = n;
  return t;
}

}  // namespace mbw
