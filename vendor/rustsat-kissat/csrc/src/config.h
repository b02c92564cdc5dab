#ifndef NOPTIONS
#ifndef _config_h_INCLUDED
#define _config_h_INCLUDED

void kissat_configuration_usage (void);

#endif
#endif
