#pragma once
// Colour for verdict words, on a terminal only: never in a file or a pipe, never when NO_COLOR is
// set to anything non-empty (https://no-color.org), nor on TERM=dumb.
#include <string>
#include <string_view>

namespace nb::cli {

// Whether text for a terminal (`terminal`) is coloured, given NO_COLOR and TERM (null: unset).
bool colour_wanted(bool terminal, const char* no_color, const char* term);
// colour_wanted for the file descriptor `fd`, from isatty of the descriptor that shows it
// (ShownDescriptor: mpirun's, in a rank of an MPI job) and the environment.
bool colour_wanted_for(int fd);

// `text` with each verdict word in its colour (SGR): VIOLATED and UNEXPECTED red, PROVEN and
// HOLDS green, NEAR-TIGHT, TIGHT and EQUAL yellow, INCONCLUSIVE and UNDECIDED magenta. A word
// counts only whole: TIGHT inside NEAR-TIGHT is NEAR-TIGHT's. Colour takes no columns, so a
// layout fitted to a width before still fits.
std::string coloured_verdicts(std::string_view text);

}  // namespace nb::cli
