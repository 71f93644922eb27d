-- while true do end must hit the time limit.
while true do end
