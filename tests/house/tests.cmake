# The house rules on the source tree: game names only in formats/, includes along the
# dependency rule, every cited design document and section present (check_rooms.sh). Label
# house: it reads sources only, so the sanitizer run leaves it out (scripts/test --all).
add_test(NAME house_rules COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/house/check_rooms.sh
                                  ${PROJECT_SOURCE_DIR})
set_tests_properties(house_rules PROPERTIES LABELS house TIMEOUT 180)
